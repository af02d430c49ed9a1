'use client';
import Link from 'next/link';
import { useState } from 'react';
import { buttonClass, dangerButtonClass, mutedTextClass } from '@/components/ui/styles';
import { type Assistant, avatarOf } from '@/lib/chat/assistants';
import { useDeleteAssistant, useDuplicateAssistant } from '@/lib/queries/assistants';
import { AssistantEditor } from './assistant-editor';
import { SharePanel } from './share-panel';

/** One assistant in the list, with what the user may do with it. */
export function AssistantCard({ assistant: a }: { assistant: Assistant }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'share'>('view');
  const duplicate = useDuplicateAssistant();
  const remove = useDeleteAssistant();
  const own = a.source === 'own';
  if (mode === 'edit') return <AssistantEditor assistant={a} onDone={() => setMode('view')} />;
  return (
    <article
      aria-labelledby={`assistant-${a.id}`}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-zinc-100 text-xl dark:bg-zinc-800"
        >
          {avatarOf(a)}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`assistant-${a.id}`} className="truncate font-semibold">
            {a.name}
          </h2>
          {a.description ? <p className={mutedTextClass}>{a.description}</p> : null}
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {own ? `Version ${a.version}` : 'From this Parley’s configuration (read-only)'}
            {a.model ? ` · ${a.model}` : ''}
            {a.files.length > 0 ? ` · ${a.files.length} file${a.files.length > 1 ? 's' : ''}` : ''}
            {a.share ? ' · Shared' : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          href={`/?assistant=${encodeURIComponent(a.id)}`}
          className={buttonClass}
          aria-label={`New chat with ${a.name}`}
        >
          New chat
        </Link>
        {own ? (
          <button type="button" className={buttonClass} onClick={() => setMode('edit')}>
            Edit<span className="sr-only"> {a.name}</span>
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass}
          disabled={duplicate.isPending}
          onClick={() => duplicate.mutate(a.id)}
        >
          Duplicate<span className="sr-only"> {a.name}</span>
        </button>
        {own ? (
          <button
            type="button"
            className={buttonClass}
            aria-expanded={mode === 'share'}
            onClick={() => setMode(mode === 'share' ? 'view' : 'share')}
          >
            Share<span className="sr-only"> {a.name}</span>
          </button>
        ) : null}
        {own ? (
          <button
            type="button"
            className={dangerButtonClass}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete “${a.name}”? Chats started with it keep working.`))
                remove.mutate(a.id);
            }}
          >
            Delete<span className="sr-only"> {a.name}</span>
          </button>
        ) : null}
      </div>
      {mode === 'share' ? <SharePanel assistant={a} /> : null}
    </article>
  );
}
