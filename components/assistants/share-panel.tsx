'use client';
import { useState } from 'react';
import { buttonClass, mutedTextClass } from '@/components/ui/styles';
import type { Assistant } from '@/lib/chat/assistants';
import { useShareAssistant } from '@/lib/queries/assistants';

/** An assistant's link: made or changed with "show the system prompt", copied, or stopped. */
export function SharePanel({ assistant }: { assistant: Assistant }) {
  const share = useShareAssistant();
  const [showPrompt, setShowPrompt] = useState(assistant.share?.showPrompt ?? false);
  const [copied, setCopied] = useState(false);
  const url =
    assistant.share && typeof window !== 'undefined'
      ? `${window.location.origin}/a/${assistant.share.id}`
      : null;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={showPrompt}
          onChange={(e) => setShowPrompt(e.target.checked)}
        />
        Show the system prompt on the shared page
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={share.isPending}
          onClick={() => share.mutate({ id: assistant.id, share: { showPrompt } })}
        >
          {assistant.share ? 'Update link' : 'Create link'}
        </button>
        {assistant.share ? (
          <button
            type="button"
            className={buttonClass}
            disabled={share.isPending}
            onClick={() => share.mutate({ id: assistant.id, share: null })}
          >
            Stop sharing
          </button>
        ) : null}
      </div>
      {url ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`link-${assistant.id}`}>
            Link to {assistant.name}
          </label>
          <input
            id={`link-${assistant.id}`}
            readOnly
            value={url}
            className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-950"
          />
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      ) : (
        <p className={mutedTextClass}>Anyone with the link can see it and add a copy to theirs.</p>
      )}
    </div>
  );
}
