import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { UseAssistantButton } from '@/components/assistants/use-assistant-button';
import { avatarOf } from '@/lib/chat/assistants';
import { sharedAssistantForPage } from '@/lib/server/assistants/page';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

const load = cache(sharedAssistantForPage);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const assistant = await load((await params).id);
  return {
    title: assistant ? assistant.name : 'Assistant not found',
    description: assistant?.description || undefined,
    robots: { index: false, follow: false },
    // The link is the key to the page: never send it on.
    referrer: 'strict-origin',
  };
}

/** A shared assistant, read-only: who it is, its starters, and "Use this assistant". */
export default async function SharedAssistantPage({ params }: Props) {
  const { id } = await params;
  const a = await load(id);
  if (!a) notFound();
  const muted = 'text-sm text-zinc-600 dark:text-zinc-400';
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col gap-5 px-4 py-10">
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Parley · Shared assistant · read-only
      </p>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-full bg-zinc-100 text-3xl dark:bg-zinc-800"
        >
          {avatarOf(a)}
        </span>
        <h1 className="text-2xl font-semibold">{a.name}</h1>
      </div>
      {a.description ? <p>{a.description}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Model</dt>
        <dd>{a.model ?? 'The default model'}</dd>
        {a.tools ? (
          <>
            <dt className="font-medium">Tools</dt>
            <dd>{a.tools.length > 0 ? a.tools.join(', ') : 'None'}</dd>
          </>
        ) : null}
        {a.files.length > 0 ? (
          <>
            <dt className="font-medium">Files</dt>
            <dd>{a.files.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {a.starters.length > 0 ? (
        <section aria-labelledby="starters">
          <h2 id="starters" className="text-sm font-semibold">
            Starters
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {a.starters.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {a.systemPrompt !== undefined ? (
        <section aria-labelledby="prompt">
          <h2 id="prompt" className="text-sm font-semibold">
            System prompt
          </h2>
          <pre className="mt-1 rounded-lg bg-zinc-50 p-3 text-sm whitespace-pre-wrap dark:bg-zinc-900">
            {a.systemPrompt}
          </pre>
        </section>
      ) : (
        <p className={muted}>Its system prompt is not shown.</p>
      )}
      <UseAssistantButton shareId={id} name={a.name} />
    </main>
  );
}
