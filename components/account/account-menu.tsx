'use client';
import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { itemClass, PopoverMenu } from '@/components/ui/popover-menu';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { useAccountStatus, useSignOut } from '@/lib/queries/account';
import { AuthForm } from './auth-form';
import { DeleteAccountDialog } from './delete-account-dialog';

type Open = null | 'sign-in' | 'sign-up' | 'delete';

const WIDTH = 'w-[min(24rem,calc(100vw-2rem))]';

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
            onClick={() => setOpen('sign-in')}
          >
            Sign in
          </button>
          <button
            type="button"
            className={`${buttonClass} flex-1`}
            onClick={() => setOpen('sign-up')}
          >
            Create account
          </button>
        </div>
      )}
      {open === 'sign-in' || open === 'sign-up' ? (
        <ModalDialog
          title={open === 'sign-in' ? 'Sign in' : 'Create an account'}
          widthClass={WIDTH}
          onClose={() => setOpen(null)}
        >
          <p className={mutedTextClass}>
            Your conversations in this browser move into your account, and you see them on every
            device you sign in on.
          </p>
          <AuthForm mode={open} />
        </ModalDialog>
      ) : null}
      {open === 'delete' ? <DeleteAccountDialog onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
