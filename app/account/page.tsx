import type { Metadata } from 'next';
import { AccountPanel } from '@/components/account/account-panel';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Your account',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<{ verified?: string; error?: string }> };

/** What a verification link's outcome says (better-auth's error codes). */
function arrivalOf(verified: string | undefined, error: string | undefined): string | null {
  if (error === 'TOKEN_EXPIRED') return 'This link has expired. Sign in and send a new one.';
  if (error) return 'This link is not valid. Sign in and send a new one.';
  return verified ? 'Your email address is confirmed.' : null;
}

export default async function AccountPage({ searchParams }: Props) {
  const { verified, error } = await searchParams;
  return (
    <main className="mx-auto flex w-full max-w-lg flex-col gap-6 p-6">
      <h1 className="text-2xl font-semibold">Your account</h1>
      <AccountPanel arrival={arrivalOf(verified, error)} />
    </main>
  );
}
