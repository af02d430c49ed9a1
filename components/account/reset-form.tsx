'use client';
import { type FormEvent, useId } from 'react';
import { linkClass, primaryButtonClass } from '@/components/ui/styles';
import { problemOf, useResetPassword } from '@/lib/queries/account-forms';
import { FormMessage, PasswordField } from './password-field';

/** The page a reset link opens: a new password; every browser signed in is signed out. */
export function ResetForm({ token }: { token: string }) {
  const id = useId();
  const reset = useResetPassword();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (password) reset.mutate({ token, password });
  }
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="text-sm">
          Your password is changed, and every browser that was signed in is signed out.
        </p>
        <a href="/sign-in" className={linkClass}>
          Sign in with the new password
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <PasswordField
        id={`${id}-password`}
        name="password"
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        autoFocus
      />
      <FormMessage id={`${id}-message`} error={problemOf(reset.error)} />
      <button type="submit" disabled={reset.isPending} className={`${primaryButtonClass} py-2`}>
        {reset.isPending ? 'Please wait…' : 'Set the new password'}
      </button>
    </form>
  );
}
