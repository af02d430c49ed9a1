'use client';
import { useId, useState } from 'react';
import { buttonClass, dangerButtonClass, mutedTextClass } from '@/components/ui/styles';
import { budgetText, parseBudget } from '@/lib/admin/budget';
import { formatCount, formatUtc } from '@/lib/admin/format';
import type { AdminUser } from '@/lib/admin/schemas';
import { useUpdateUser } from '@/lib/queries/admin-actions';
import { DeleteUserDialog } from './delete-user-dialog';

const inputClass =
  'w-32 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950';

/** The budget field: empty = the default, 0 = no limit, n = n tokens per UTC day. */
function BudgetForm({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const [value, setValue] = useState(
    user.dailyTokenBudget === null ? '' : String(user.dailyTokenBudget),
  );
  const inputId = useId();
  const hintId = useId();
  const parsed = parseBudget(value);
  const errorId = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if ('error' in parsed) return;
        update.mutate({ id: user.id, change: { dailyTokenBudget: parsed.budget } });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm">
          Daily token budget<span className="sr-only"> for {user.email}</span>
        </label>
        <input
          id={inputId}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="default"
          className={inputClass}
          value={value}
          aria-invalid={'error' in parsed || undefined}
          aria-describedby={'error' in parsed ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className={buttonClass}
        disabled={'error' in parsed || update.isPending}
      >
        Save<span className="sr-only"> budget for {user.email}</span>
      </button>
      {'error' in parsed ? (
        <p id={errorId} className="w-full text-sm text-red-700 dark:text-red-300">
          {parsed.error}
        </p>
      ) : null}
      <p id={hintId} className={`${mutedTextClass} w-full`}>
        Now {budgetText(user.dailyTokenBudget)}. Empty: the default; 0: no limit.
      </p>
    </form>
  );
}

/** One account: who, since when, today's tokens, and its controls. */
export function UserRow({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const [deleting, setDeleting] = useState(false);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="min-w-0 break-all font-medium">{user.email}</span>
        {user.name ? <span className={mutedTextClass}>{user.name}</span> : null}
        <span
          className={`rounded px-1.5 text-xs font-medium ${user.disabled ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'}`}
        >
          {user.disabled ? 'Disabled' : 'Active'}
        </span>
        {user.verified ? null : <span className={mutedTextClass}>address not confirmed</span>}
      </div>
      <p className={mutedTextClass}>
        Since {formatUtc(user.createdAt)} · {formatCount(user.tokensToday)} tokens today
      </p>
      <BudgetForm key={String(user.dailyTokenBudget)} user={user} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={user.disabled ? buttonClass : dangerButtonClass}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: user.id, change: { disabled: !user.disabled } })}
        >
          {user.disabled ? 'Enable' : 'Disable'}
          <span className="sr-only"> {user.email}</span>
        </button>
        <button type="button" className={dangerButtonClass} onClick={() => setDeleting(true)}>
          Delete<span className="sr-only"> {user.email}</span>
        </button>
      </div>
      {update.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {update.error.message}
        </p>
      ) : null}
      {deleting ? <DeleteUserDialog user={user} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}
