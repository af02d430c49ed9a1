'use client';
import { useEffect, useRef, useState } from 'react';
import { AuthForm } from './auth-form';

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-500 aria-pressed:bg-zinc-900 aria-pressed:text-white dark:aria-pressed:bg-zinc-100 dark:aria-pressed:text-zinc-900';

/** The sign-in page's form, with a switch to creating an account. */
export function SignInPanel() {
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const root = useRef<HTMLDivElement>(null);
  // The page exists to sign in: its email field takes focus when it opens.
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <div ref={root} className="flex flex-col gap-4">
      <div className="flex gap-1 rounded-lg border border-zinc-300 p-1 dark:border-zinc-700">
        <button
          type="button"
          aria-pressed={mode === 'sign-in'}
          className={tabClass}
          onClick={() => setMode('sign-in')}
        >
          Sign in
        </button>
        <button
          type="button"
          aria-pressed={mode === 'sign-up'}
          className={tabClass}
          onClick={() => setMode('sign-up')}
        >
          Create account
        </button>
      </div>
      <AuthForm key={mode} mode={mode} />
    </div>
  );
}
