import type { Metadata } from 'next';
import { ResetForm } from '@/components/account/reset-form';
import { linkClass } from '@/components/ui/styles';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Choose a new password',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/** Where a reset link lands (its token is checked when the new password is sent). */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">Choose a new password</h1>
      {typeof token === 'string' && token ? (
        <ResetForm token={token} />
      ) : (
        <p className="text-sm">
          This page needs the link from the mail.{' '}
          <a href="/forgot-password" className={linkClass}>
            Ask for a new one
          </a>
          .
        </p>
      )}
    </main>
  );
}
