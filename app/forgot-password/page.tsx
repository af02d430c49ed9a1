import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ForgotForm } from '@/components/account/forgot-form';
import { passwordAccounts } from '@/lib/server/auth/options';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Forgot password',
  robots: { index: false, follow: false },
};

/** Offered only where the server sends mail (otherwise there is nothing to send the link by). */
export default function ForgotPasswordPage() {
  if (passwordAccounts() !== 'mail') notFound();
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Forgot your password?</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Enter the address you signed up with: we send it a link to choose a new password.
        </p>
      </div>
      <ForgotForm />
    </main>
  );
}
