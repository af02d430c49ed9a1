'use client';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError, fetchJson } from '@/lib/queries/fetch-json';
import { primaryButtonClass } from '@/components/ui/styles';

const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** The access-code field; a right code reloads the page the visitor asked for. */
export function AccessForm({ next }: { next: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = input.current?.value ?? '';
    if (!code.trim()) {
      setError('Enter the access code.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await fetchJson('/api/access', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      // A full load: the page is served again with the new session.
      window.location.assign(next);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Could not reach Parley. Try again.');
      setBusy(false);
      input.current?.select();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <label htmlFor={id} className="block text-sm font-medium">
        Access code
      </label>
      <input
        ref={input}
        id={id}
        name="code"
        type="password"
        autoComplete="current-password"
        // biome-ignore lint/a11y/noAutofocus: the page has this one field and nothing else to do
        autoFocus
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full py-2`}>
        {busy ? 'Checking…' : 'Continue'}
      </button>
    </form>
  );
}
