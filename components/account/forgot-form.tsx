'use client';
import { type FormEvent, useId } from 'react';
import { primaryButtonClass } from '@/components/ui/styles';
import { problemOf, useForgotPassword } from '@/lib/queries/account-forms';
import { inputClass } from './auth-form';
import { FormMessage } from './password-field';

/** "Forgot password?": an address; the same answer whether it has an account or not. */
export function ForgotForm() {
  const id = useId();
  const forgot = useForgotPassword();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email) forgot.mutate(email);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          // biome-ignore lint/a11y/noAutofocus: the only field of a page that exists to fill it
          autoFocus
          className={inputClass}
        />
      </div>
      <FormMessage
        id={`${id}-message`}
        error={problemOf(forgot.error)}
        done={forgot.data?.message}
      />
      <button type="submit" disabled={forgot.isPending} className={`${primaryButtonClass} py-2`}>
        {forgot.isPending ? 'Please wait…' : 'Send me a link'}
      </button>
    </form>
  );
}
