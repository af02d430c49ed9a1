'use client';
import type { ModelBadge } from '@/lib/chat/api-types';
import { AssistantEntry } from './assistants/assistant-entry';
import { usePickedAssistant } from './assistants/picked-assistant';
import { sendFromComposer } from './composer-fill';

/**
 * Starting points for a new chat: a click sends the prompt (Edit on the sent message adjusts
 * it). The demo model answers each; the last two make it call its built-in tools.
 */
export const SUGGESTIONS: readonly { title: string; detail: string; prompt: string }[] = [
  {
    title: 'Explain a concept',
    detail: 'how rainbows form',
    prompt: 'Explain how rainbows form, in three short paragraphs.',
  },
  {
    title: 'Write some code',
    detail: 'a palindrome checker in Python',
    prompt: 'Write a Python function that checks whether a string is a palindrome, with tests.',
  },
  {
    title: 'Use a tool',
    detail: 'the time in Tokyo',
    prompt: 'What time is it in Tokyo right now?',
  },
  {
    title: 'Do the maths',
    detail: '12 × 34 + 56',
    prompt: 'What is 12 × 34 + 56?',
  },
];

export function EmptyState({ badge }: { badge: ModelBadge }) {
  if (usePickedAssistant())
    return (
      <div className="mt-12 flex flex-col items-center gap-3 text-center">
        <AssistantEntry />
      </div>
    );
  return (
    <div className="mt-12 flex flex-col items-center gap-3 text-center">
      <h2 className="text-2xl font-semibold">How can I help?</h2>
      {badge.demo ? (
        <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          You are talking to <strong>{badge.label}</strong>, a built-in model that needs no setup.
          Set <code>OPENAI_BASE_URL</code> and <code>OPENAI_API_KEY</code> on the server to connect
          a real provider.
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Model: {badge.label}</p>
      )}
      <AssistantEntry />
      <section aria-labelledby="suggestions-title" className="mt-4 w-full max-w-xl">
        <h3 id="suggestions-title" className="sr-only">
          Suggestions
        </h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {SUGGESTIONS.map((s) => (
            <li key={s.title}>
              <button
                type="button"
                onClick={() => sendFromComposer(s.prompt)}
                className="flex h-full w-full flex-col items-start rounded-xl border border-zinc-200 px-3 py-2 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-800 dark:hover:bg-zinc-900"
              >
                <span className="font-medium">{s.title}</span>
                <span className="text-zinc-600 dark:text-zinc-400">{s.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
