'use client';
import Link from 'next/link';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { avatarOf } from '@/lib/chat/assistants';
import type { ConversationListItem } from '@/lib/chat/api-types';
import { highlightParts } from '@/lib/chat/search-text';
import { navigation } from '@/lib/store/navigation-store';
import { useHistoryActions } from './history-actions';
import { PencilIcon, TrashIcon } from './icons';
import { SEARCH_INPUT_ID } from './search-box';

// The rename form loads with the first rename, not with the page.
const RenameForm = lazy(() => import('./rename-form').then((m) => ({ default: m.RenameForm })));

interface Props {
  conversation: ConversationListItem;
  current: boolean;
  /** Set on search results: matches are marked and the excerpt shown. */
  search?: string;
}

const actionClass =
  'rounded p-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100';

// Light text on the dark highlight: the row's muted grey is unreadable on it (axe contrast).
const MARK_CLASS = 'rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700/60 dark:text-zinc-50';

function Highlighted({ text, search }: { text: string; search?: string }) {
  if (!search) return text;
  return highlightParts(text, search).map((part, i) =>
    part.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in a fixed order
      <mark key={i} className={MARK_CLASS}>
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

/** After a row disappears, focus its neighbour (or the search box) instead of the page. */
function neighbourOf(row: HTMLElement | null): HTMLElement | null {
  const rows = Array.from(
    row?.closest('nav')?.querySelectorAll<HTMLElement>('[data-conversation-link]') ?? [],
  );
  const at = rows.findIndex((link) => row?.contains(link));
  return rows[at + 1] ?? rows[at - 1] ?? document.getElementById(SEARCH_INPUT_ID);
}

/** One conversation in the sidebar: a link, and rename / delete actions. */
export const ConversationRow = memo(function ConversationRow({
  conversation,
  current,
  search,
}: Props) {
  const [editing, setEditing] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const row = useRef<HTMLLIElement | null>(null);
  const link = useRef<HTMLAnchorElement | null>(null);
  const actions = useHistoryActions();
  const title = conversation.title || 'Untitled';
  const snippet = search && conversation.match?.source !== 'title' ? conversation.match : undefined;

  useEffect(() => {
    if (!editing && refocus) {
      link.current?.focus();
      setRefocus(false);
    }
  }, [editing, refocus]);

  if (editing) {
    return (
      <li ref={row}>
        <Suspense fallback={null}>
          <RenameForm
            initial={conversation.title}
            onDone={({ title: next, viaKeyboard }) => {
              setEditing(false);
              setRefocus(viaKeyboard);
              if (next !== null) actions.rename(conversation, next);
            }}
          />
        </Suspense>
      </li>
    );
  }

  return (
    <li ref={row} className="group relative" data-testid="conversation-row">
      <Link
        ref={link}
        href={`/c/${conversation.id}`}
        data-conversation-link
        aria-current={current ? 'page' : undefined}
        onClick={(e) => {
          // Modified clicks open another tab; this screen stays.
          if (current || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          navigation.leave({ kind: 'conversation', id: conversation.id });
        }}
        className={`block rounded-md py-1.5 pr-16 pl-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-500 ${
          current
            ? 'bg-zinc-200 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50'
            : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800/60'
        }`}
      >
        <span className="block truncate">
          {conversation.assistant ? (
            <span aria-hidden="true" className="mr-1">
              {avatarOf(conversation.assistant)}
            </span>
          ) : null}
          <Highlighted text={title} search={search} />
          {conversation.assistant ? (
            <span className="sr-only">, with {conversation.assistant.name}</span>
          ) : null}
        </span>
        {snippet ? (
          <span className="mt-0.5 line-clamp-2 block text-xs font-normal text-zinc-600 dark:text-zinc-400">
            <span className="font-medium">
              {snippet.source === 'user' ? 'You: ' : 'Assistant: '}
            </span>
            <Highlighted text={snippet.snippet} search={search} />
          </span>
        ) : null}
      </Link>
      <div
        className={`absolute top-1 right-1 flex gap-0.5 ${
          current
            ? ''
            : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
        }`}
      >
        <button
          type="button"
          aria-label={`Rename “${title}”`}
          className={actionClass}
          onClick={() => setEditing(true)}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          aria-label={`Delete “${title}”`}
          className={actionClass}
          onClick={() => {
            const next = neighbourOf(row.current);
            actions.remove(conversation);
            requestAnimationFrame(() => next?.focus());
          }}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
});
