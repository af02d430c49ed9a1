import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { ForkForm } from '@/components/share/fork-form';
import { SharedHeader } from '@/components/share/shared-header';
import { SharedTranscript } from '@/components/share/shared-transcript';
import { modelDisplayName } from '@/lib/server/providers/model-badge';
import { requestOrigin } from '@/lib/server/share/origin';
import { asChatMessages, describeSnapshot } from '@/lib/server/share/snapshot';
import { loadShare } from './load';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

const UNTITLED = 'Shared conversation';
// Fixed locale and zone: the page is the same for every visitor and every cache.
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const share = await loadShare((await params).id);
  const metadataBase = requestOrigin(await headers());
  if (!share)
    return {
      metadataBase,
      title: 'Link not found',
      description: 'This shared link does not exist, or the person who shared it removed it.',
      robots: { index: false, follow: false },
    };
  const title = share.title || UNTITLED;
  const description = describeSnapshot(share);
  return {
    metadataBase,
    title,
    description,
    robots: share.indexable ? { index: true, follow: true } : { index: false, follow: false },
    alternates: { canonical: `/s/${share.id}` },
    openGraph: {
      type: 'article',
      siteName: 'Parley',
      title,
      description,
      url: `/s/${share.id}`,
      publishedTime: share.takenAt,
    },
    twitter: { card: 'summary_large_image', title, description },
    // The link is the key to the page: never send it to the sites the conversation links to.
    referrer: 'strict-origin',
  };
}

export default async function SharedPage({ params }: Props) {
  const share = await loadShare((await params).id);
  if (!share) notFound();
  const messages = asChatMessages(share.id, share.messages);
  const comparisons = Object.fromEntries(
    Object.entries(share.comparisons ?? {}).map(([id, columns]) => [
      id,
      columns.map((c) => ({ ...c, messages: asChatMessages(share.id, c.messages) })),
    ]),
  );

  return (
    <div className="flex min-h-dvh flex-col">
      <SharedHeader />
      <main className="mx-auto flex w-full max-w-reading flex-1 flex-col gap-turn px-gutter py-6">
        <div className="flex flex-col gap-1 border-b border-zinc-200 pb-4 dark:border-zinc-800">
          <h1 className="text-2xl font-semibold tracking-tight break-words">
            {share.title || UNTITLED}
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {share.model ? (
              <>
                Answered by <span className="font-medium">{modelDisplayName(share.model)}</span> ·{' '}
              </>
            ) : null}
            Shared{' '}
            <time dateTime={share.takenAt}>{dateFormat.format(new Date(share.takenAt))}</time>
          </p>
        </div>
        {messages.length > 0 ? (
          <SharedTranscript messages={messages} shareId={share.id} comparisons={comparisons} />
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">This conversation has no messages yet.</p>
        )}
        <ForkForm shareId={share.id} />
      </main>
    </div>
  );
}
