'use client';
import Link from 'next/link';
import { AuditSection } from './audit-section';
import { GuestsSection } from './guests-section';
import { LiveSection } from './live-section';
import { ProvidersSection } from './providers-section';
import { UsageSection } from './usage-section';
import { UsersSection } from './users-section';

/** The admin page: usage as pictures and tables, then the controls, the live view and the log. */
export function AdminScreen() {
  return (
    <div className="min-h-dvh">
      <header className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h1 className="text-lg font-semibold">Admin</h1>
        <Link
          href="/"
          className="ml-auto rounded text-sm text-blue-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:text-blue-300"
        >
          Back to chat
        </Link>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6">
        <UsageSection />
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
          <LiveSection />
          <ProvidersSection />
        </div>
        <UsersSection />
        <GuestsSection />
        <AuditSection />
      </main>
    </div>
  );
}
