'use client';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { mutedTextClass } from '@/components/ui/styles';
import { AuthForm } from './auth-form';

// Loaded on demand by AccountMenu: guests who never sign in never download the form.

/** "Sign in" or "Create an account" in a modal dialog, from the sidebar. */
export function AuthDialog({ mode, onClose }: { mode: 'sign-in' | 'sign-up'; onClose(): void }) {
  return (
    <ModalDialog
      title={mode === 'sign-in' ? 'Sign in' : 'Create an account'}
      widthClass="w-[min(24rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      <p className={mutedTextClass}>
        Your conversations in this browser move into your account, and you see them on every device
        you sign in on.
      </p>
      <AuthForm mode={mode} />
    </ModalDialog>
  );
}
