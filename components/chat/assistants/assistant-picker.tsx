'use client';
import Link from 'next/link';
import { type Assistant, avatarOf, type PickedAssistant, toPicked } from '@/lib/chat/assistants';
import { useAssistants } from '@/lib/queries/assistants';
import { sendFromComposer } from '../composer-fill';
import { pickAssistant } from './picked-assistant';

// The new-chat screen's assistant parts, loaded on demand: the list to pick from, and the picked
// assistant's introduction with its starters. Names, descriptions and starters are text.

const CARD =
  'flex w-full items-start gap-3 rounded-xl border border-zinc-200 px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-800 dark:hover:bg-zinc-900';

export function Avatar({ assistant, large }: { assistant: PickedAssistant; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-zinc-100 font-medium dark:bg-zinc-800 ${large ? 'size-14 text-3xl' : 'size-8 text-lg'}`}
    >
      {avatarOf(assistant)}
    </span>
  );
}

/** The picked assistant's introduction, or (none picked) the list to pick from. */
export function AssistantPanel({
  picked,
  onPicked = () => {},
}: {
  picked: PickedAssistant | null;
  onPicked?(): void;
}) {
  return picked ? <AssistantIntro assistant={picked} /> : <AssistantPicker onPicked={onPicked} />;
}

/** Every assistant the user may start a chat with; a click picks it for this new chat. */
export function AssistantPicker({ onPicked }: { onPicked(): void }) {
  const { data, isPending, isError } = useAssistants();
  const items = data?.items ?? [];
  return (
    <section aria-label="Assistants" className="w-full max-w-xl text-left">
      {isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading assistants…</p>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The assistants could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">You have no assistants yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {items.map((a: Assistant) => (
            <li key={a.id}>
              <button
                type="button"
                className={CARD}
                onClick={() => {
                  pickAssistant(toPicked(a));
                  onPicked();
                }}
              >
                <Avatar assistant={a} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{a.name}</span>
                  {a.description ? (
                    <span className="line-clamp-2 text-zinc-600 dark:text-zinc-400">
                      {a.description}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm">
        <Link href="/assistants" className="underline underline-offset-2">
          Manage assistants
        </Link>
      </p>
    </section>
  );
}

/** The picked assistant on the empty chat: who it is, and its starters (a click sends one). */
export function AssistantIntro({ assistant }: { assistant: PickedAssistant }) {
  return (
    <div className="flex w-full max-w-xl flex-col items-center gap-3">
      <Avatar assistant={assistant} large />
      <h2 className="text-2xl font-semibold">{assistant.name}</h2>
      {assistant.description ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{assistant.description}</p>
      ) : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        The chat uses its own model ({assistant.model ?? 'the default'}), settings and tools.
      </p>
      {assistant.starters.length > 0 ? (
        <section aria-labelledby="starters-title" className="mt-2 w-full">
          <h3 id="starters-title" className="sr-only">
            Starters
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {assistant.starters.map((s) => (
              <li key={s}>
                <button type="button" className={CARD} onClick={() => sendFromComposer(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        type="button"
        onClick={() => pickAssistant(null)}
        className="text-sm text-zinc-600 underline underline-offset-2 dark:text-zinc-400"
      >
        Chat without {assistant.name}
      </button>
    </div>
  );
}
