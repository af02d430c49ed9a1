'use client';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useAccountStatus } from '@/lib/queries/account';
import { problemOf, useSignIn } from '@/lib/queries/account-forms';
import { linkClass, primaryButtonClass } from '@/components/ui/styles';
import { SsoButtons } from './sso-buttons';

export const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/**
 * Plain http (localhost, a LAN name): accounts work there (the server sends a cookie without
 * `Secure`), but the password crosses the network as it is typed. Read after hydration: the
 * server cannot know what the browser's address bar shows.
 */
function useUnencrypted(): boolean {
  const [plain, setPlain] = useState(false);
  useEffect(() => setPlain(window.location.protocol === 'http:'), []);
  return plain;
}

/** Email and password, for signing in or creating an account; errors are said in words. */
export function AuthForm({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const id = useId();
  const unencrypted = useUnencrypted();
  const mutation = useSignIn(mode);
  const { data: options } = useAccountStatus();
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? problemOf(mutation.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) {
      setProblem('Enter your email and a password.');
      return;
    }
    setProblem(null);
    const name = String(data.get('name') ?? '').trim() || undefined;
    mutation.mutate({ email, password, name });
  }

  const signUp = mode === 'sign-up';
  const done = mutation.data;
  if (done) {
    return (
      <p
        role="status"
        className="rounded-md border border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700"
      >
        {done.message} Follow its link to finish; it works once, for a day.
      </p>
    );
  }
  // Single sign-on only here: ALLOWED_EMAILS is set and this Parley sends no mail.
  if (options?.passwordAccounts === false) return <SsoButtons />;
  return (
    <div className="flex flex-col gap-3">
      <SsoButtons />
      {unencrypted ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          This connection is not encrypted (http): your password and session travel as plain text.
          Use an https address where others share the network.
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {signUp ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-name`} className="text-sm font-medium">
              Name <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional)</span>
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" className={inputClass} />
          </div>
        ) : null}
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
            // The dialog focuses it when it opens (ModalDialog); the page's form is focused below.
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            Password
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={signUp ? `${id}-hint` : undefined}
            className={inputClass}
          />
          {signUp ? (
            <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
              At least 8 characters.
            </p>
          ) : null}
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={mutation.isPending}
          className={`${primaryButtonClass} py-2`}
        >
          {mutation.isPending ? 'Please wait…' : signUp ? 'Create account' : 'Sign in'}
        </button>
        {!signUp && options?.passwordReset ? (
          <a href="/forgot-password" className={linkClass}>
            Forgot password?
          </a>
        ) : null}
      </form>
    </div>
  );
}
