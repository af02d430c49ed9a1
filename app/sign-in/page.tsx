import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInPanel } from '@/components/account/sign-in-panel';
import { currentAccount } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false } };

/** Where a visitor lands when this Parley asks for an account first (ALLOW_GUESTS=false). */
export default async function SignInPage() {
  if (await currentAccount()) redirect('/');
  const guestsAllowed = getConfig().access.allowGuests;
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Parley</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {guestsAllowed
            ? 'Sign in to see your conversations on every device.'
            : 'This Parley needs an account. Sign in, or create one to start chatting.'}
        </p>
      </div>
      <SignInPanel />
    </main>
  );
}
