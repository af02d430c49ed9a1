'use client';
import { useEffect, useId, useState } from 'react';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import { useAdminUsers } from '@/lib/queries/admin';
import { UserRow } from './user-row';

const SEARCH_DELAY_MS = 250;

/** Accounts, searchable by address or name, 50 at a time, each with its controls. */
export function UsersSection() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const users = useAdminUsers(q);
  const titleId = useId();
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        Accounts
      </h2>
      <label className="flex max-w-sm flex-col gap-1 text-sm">
        Find an account
        <input
          type="search"
          value={input}
          placeholder="address or name"
          onChange={(e) => setInput(e.target.value)}
          className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
      </label>
      {users.isPending ? <p className={mutedTextClass}>Loading accounts…</p> : null}
      {users.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Accounts could not be loaded: {users.error.message}
        </p>
      ) : null}
      {users.isSuccess && rows.length === 0 ? (
        <p className={mutedTextClass}>{q ? 'No account matches.' : 'No accounts yet.'}</p>
      ) : null}
      <ul aria-labelledby={titleId} className="flex flex-col gap-3">
        {rows.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ul>
      {users.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClass} self-start`}
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {users.isFetchingNextPage ? 'Loading…' : 'More accounts'}
        </button>
      ) : null}
    </section>
  );
}
