import type { ReactNode } from 'react';

export const PRE_CLASS =
  'overflow-x-auto rounded-md bg-zinc-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200';

/** A labelled part of an expanded card ("Arguments", "Result"). */
export function CardSection({
  label,
  tone = 'default',
  children,
}: {
  label: string;
  tone?: 'default' | 'error';
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <p
        className={`text-xs font-medium ${
          tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400'
        }`}
      >
        {label}
      </p>
      {children}
    </div>
  );
}

export function MutedNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-500 italic dark:text-zinc-400">{children}</p>;
}
