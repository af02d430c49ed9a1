'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';
import { itemClass, PopoverMenu } from '@/components/ui/popover-menu';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { useAccountStatus, useSignOut } from '@/lib/queries/account';

type Open = null | 'sign-in' | 'sign-up' | 'delete';

// The dialogs load on first use (or when the pointer reaches their button).
const authDialog = onDemand(
  () => import('./auth-dialog').then((module) => module.AuthDialog),
  'Sign in',
);
const AuthDialog = authDialog.Component;
const deleteDialog = onDemand(
  () => import('./delete-account-dialog').then((module) => module.DeleteAccountDialog),
  'Delete account',
);
const DeleteAccountDialog = deleteDialog.Component;

/**
 * The foot of the sidebar: "Sign in" / "Create account" for a guest; for an account, who is
 * signed in and a menu with sign out, sign out everywhere, and delete my account and data.
 */
export function AccountMenu() {
  const { data } = useAccountStatus();
  const signOut = useSignOut();
  const [open, setOpen] = useState<Open>(null);
  if (!data) return null;
  const { account } = data;

  return (
    <div className="border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
      {account ? (
        <PopoverMenu
          trigger={<span className="block max-w-56 truncate text-sm">{account.email}</span>}
          triggerLabel={`Account: ${account.email}`}
        >
          {(close) => (
            <div className="flex flex-col gap-1">
              <p className={`${mutedTextClass} px-3 py-1`}>Signed in as {account.email}</p>
              <button type="button" className={itemClass} onClick={() => signOut.mutate(false)}>
                Sign out
              </button>
              <button type="button" className={itemClass} onClick={() => signOut.mutate(true)}>
                Sign out everywhere
              </button>
              <button
                type="button"
                className={`${itemClass} text-red-700 dark:text-red-300`}
                onPointerEnter={deleteDialog.preload}
                onFocus={deleteDialog.preload}
                onClick={() => {
                  close();
                  setOpen('delete');
                }}
              >
                Delete my account and data
              </button>
            </div>
          )}
        </PopoverMenu>
      ) : (
        <div className="flex gap-2">
          <button
            type="button"
            className={`${buttonClass} flex-1`}
            onPointerEnter={authDialog.preload}
            onFocus={authDialog.preload}
            onClick={() => setOpen('sign-in')}
          >
            Sign in
          </button>
          <button
            type="button"
            className={`${buttonClass} flex-1`}
            onPointerEnter={authDialog.preload}
            onFocus={authDialog.preload}
            onClick={() => setOpen('sign-up')}
          >
            Create account
          </button>
        </div>
      )}
      {open === 'sign-in' || open === 'sign-up' ? (
        <AuthDialog mode={open} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'delete' ? <DeleteAccountDialog onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
