import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInPanel } from '@/components/account/sign-in-panel';
import { NOT_ALLOWED_MESSAGE } from '@/lib/server/config/allowed-emails';
import { UNVERIFIED_SSO_MESSAGE } from '@/lib/server/auth/auth';
import { accountState, DISABLED_MESSAGE, removedMessage } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ error?: string | string[] }> };

/** Why a single sign-on came back without a session (better-auth's error codes). */
function ssoProblem(code: string | undefined): string | null {
  if (!code) return null;
  if (code === 'email_not_allowed') return NOT_ALLOWED_MESSAGE;
  if (code === 'email_not_verified') return UNVERIFIED_SSO_MESSAGE;
  if (code === 'account_disabled') return DISABLED_MESSAGE;
  if (code === 'account_not_linked') {
    return 'An account with this address exists, but its address was never confirmed. Choose a new password with "Forgot password?" (the link proves the address is yours), then sign in with the provider again.';
  }
  return 'Signing in with that provider did not work. Try again, or use your email.';
}

/**
 * Where a visitor lands when this Parley asks for an account first (ALLOW_GUESTS=false), and
 * where a single sign-on that failed comes back to, with the reason.
 */
export default async function SignInPage({ searchParams }: Props) {
  const { error } = await searchParams;
  // A browser whose address the allow-list no longer names is signed out here, and told why
  // (with ALLOW_GUESTS=false, every page sends it here).
  const { account, removed, disabled } = await accountState();
  if (account) redirect('/');
  const problem = disabled
    ? DISABLED_MESSAGE
    : removed
      ? removedMessage(removed)
      : ssoProblem(typeof error === 'string' ? error : undefined);
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
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <SignInPanel />
    </main>
  );
}
