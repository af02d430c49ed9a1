import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { AccessForm } from '@/components/access/access-form';
import { accessCodesEnabled } from '@/lib/server/access/gate';
import { originOf, sameOriginPath } from '@/lib/server/auth/return-path';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Access code',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<{ next?: string | string[] }> };

/** The gate (ACCESS_CODES): one field; without codes configured there is no gate. */
export default async function AccessPage({ searchParams }: Props) {
  if (!accessCodesEnabled()) notFound();
  const { next } = await searchParams;
  const back = sameOriginPath(typeof next === 'string' ? next : null, originOf(await headers()), [
    '/access',
  ]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Parley</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This Parley is private. Enter the access code you were given to start chatting.
        </p>
      </div>
      <AccessForm next={back} />
    </main>
  );
}
