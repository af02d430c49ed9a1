'use client';
import { useEffect, useId, useState } from 'react';
import { type Assistant, toPicked } from '@/lib/chat/assistants';
import { useAssistants } from '@/lib/queries/assistants';
import { COMPOSER_ID } from '../composer-fill';
import { Avatar } from './assistant-picker';
import { pickAssistant } from './picked-assistant';

// "/" in an empty composer of a new chat: the assistants whose name matches what follows, as a
// listbox the message box drives (Up/Down move, Enter or Tab picks, Escape closes); the box
// keeps the focus throughout, as in a combobox.

interface Props {
  query: string;
  /** Empties the box (a pick, or Escape). */
  onDone(): void;
}

const matches = (items: Assistant[], query: string) => {
  const q = query.trim().toLowerCase();
  return items.filter((a) => a.name.toLowerCase().includes(q)).slice(0, 8);
};

export function SlashMenu({ query, onDone }: Props) {
  const { data } = useAssistants();
  const found = matches(data?.items ?? [], query);
  const [active, setActive] = useState(0);
  const listId = useId();
  const at = Math.min(active, Math.max(0, found.length - 1));

  // Keys reach the message box's own listener before React's handler, which sends on Enter.
  useEffect(() => {
    const box = document.getElementById(COMPOSER_ID);
    if (!(box instanceof HTMLTextAreaElement)) return;
    box.setAttribute('aria-controls', listId);
    box.setAttribute('aria-expanded', 'true');
    const choose = (a: Assistant | undefined) => {
      if (!a) return;
      pickAssistant(toPicked(a));
      onDone();
    };
    const onKey = (event: KeyboardEvent) => {
      const stop = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'Escape') {
        stop();
        onDone();
      } else if (found.length === 0) {
        return;
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        stop();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((at + step + found.length) % found.length);
      } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        stop();
        choose(found[at]);
      }
    };
    box.addEventListener('keydown', onKey);
    return () => {
      box.removeEventListener('keydown', onKey);
      box.removeAttribute('aria-controls');
      box.removeAttribute('aria-expanded');
      box.removeAttribute('aria-activedescendant');
    };
  }, [found, at, listId, onDone]);

  useEffect(() => {
    const box = document.getElementById(COMPOSER_ID);
    const option = found[at];
    if (option) box?.setAttribute('aria-activedescendant', `${listId}-${option.id}`);
    else box?.removeAttribute('aria-activedescendant');
  }, [found, at, listId]);

  return (
    <div className="mx-auto mb-2 max-w-reading rounded-2xl border border-zinc-200 bg-white p-1 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      {found.length === 0 ? (
        <p className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400">
          {data ? 'No assistant matches.' : 'Loading assistants…'}
        </p>
      ) : (
        <div id={listId} role="listbox" aria-label="Assistants">
          {found.map((a, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the message box handles the keys (a combobox)
            <div
              key={a.id}
              tabIndex={-1}
              id={`${listId}-${a.id}`}
              role="option"
              aria-selected={i === at}
              // The box keeps the focus: a pointer picks without taking it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                pickAssistant(toPicked(a));
                onDone();
              }}
              className={`flex cursor-pointer items-center gap-2 rounded-xl px-3 py-1.5 text-sm ${i === at ? 'bg-zinc-100 dark:bg-zinc-800' : ''}`}
            >
              <Avatar assistant={a} />
              <span className="truncate font-medium">{a.name}</span>
              {a.description ? (
                <span className="truncate text-zinc-600 dark:text-zinc-400">{a.description}</span>
              ) : null}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
