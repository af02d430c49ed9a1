'use client';
import { create } from 'zustand';
import { onDemand } from '@/components/ui/on-demand';
import { Menu, MenuItem } from '@/components/ui/menu';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { useAccountStatus, useSignOut } from '@/lib/queries/account';

type Open = null | 'sign-in' | 'sign-up' | 'delete';

// Which account dialog is open lives outside the sidebar, and so do the dialogs: the sidebar is
// hidden or becomes a drawer when the window narrows, and a dialog inside it would go with it.
const useOpenDialog = create<{ open: Open }>()(() => ({ open: null }));
const setOpen = (open: Open) => useOpenDialog.setState({ open });

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
  if (!data) return null;
  const { account, notice } = data;

  return (
    <div className="border-t border-zinc-200 px-3 py-3 dark:border-zinc-800">
      {notice ? (
        <p role="alert" className="mb-2 text-sm">
          {notice}
        </p>
      ) : null}
      {account?.mustVerify ? (
        <a href="/account" className="mb-2 block text-sm underline">
          Confirm your email address to chat
        </a>
      ) : null}
      {account ? (
        <Menu
          trigger={<span className="block max-w-56 truncate text-sm">{account.email}</span>}
          triggerLabel={`Account: ${account.email}`}
          placement="top-start"
          header={<p className={`${mutedTextClass} px-3 py-1`}>Signed in as {account.email}</p>}
        >
          {(close) => (
            <>
              <MenuItem onSelect={() => window.location.assign('/account')}>Account</MenuItem>
              {data.admin ? (
                <MenuItem onSelect={() => window.location.assign('/admin')}>Admin</MenuItem>
              ) : null}
              <MenuItem onSelect={() => signOut.mutate(false)}>Sign out</MenuItem>
              <MenuItem onSelect={() => signOut.mutate(true)}>Sign out everywhere</MenuItem>
              <MenuItem
                className="text-red-700 dark:text-red-300"
                onPointerEnter={deleteDialog.preload}
                onFocus={deleteDialog.preload}
                onSelect={() => {
                  close();
                  setOpen('delete');
                }}
              >
                Delete my account and data
              </MenuItem>
            </>
          )}
        </Menu>
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
    </div>
  );
}

/** The account dialogs, rendered once by the app shell outside the sidebar. */
export function AccountDialogsHost() {
  const open = useOpenDialog((s) => s.open);
  if (open === 'sign-in' || open === 'sign-up')
    return <AuthDialog mode={open} onClose={() => setOpen(null)} />;
  return open === 'delete' ? <DeleteAccountDialog onClose={() => setOpen(null)} /> : null;
}
