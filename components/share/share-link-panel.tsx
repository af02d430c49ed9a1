'use client';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/chat/message/copy-button';
import { useRevokeShare, useUpdateShare } from '@/lib/queries/shares';
import { describeExchanges } from '@/lib/share/count';
import type { ShareSummary } from '@/lib/share/types';
import { buttonClass, dangerButtonClass, mutedTextClass, shortDate } from '@/components/ui/styles';

/** The conversation's existing link: copy it, refresh its snapshot, change indexing, revoke it. */
export function ShareLinkPanel({
  share,
  onNotice,
}: {
  share: ShareSummary;
  /** Announces what happened (shown by the dialog, which outlives this panel on revoke). */
  onNotice(message: string): void;
}) {
  const inputId = useId();
  const update = useUpdateShare();
  const revoke = useRevokeShare();
  const url = `${window.location.origin}${share.path}`;
  const busy = update.isPending || revoke.isPending;
  // The reader's choice shows at once (a controlled checkbox would otherwise snap back until the
  // request returns); the refetched link takes over when the request settles.
  const [choice, setChoice] = useState<boolean | null>(null);
  const indexable = choice ?? share.indexable;
  const [attachChoice, setAttachChoice] = useState<boolean | null>(null);
  const includeAttachments = attachChoice ?? share.includeAttachments ?? false;
  const error = update.error ?? revoke.error;

  const refresh = () =>
    update.mutate(
      { shareId: share.id, refresh: true },
      { onSuccess: () => onNotice('Link updated: it now shows the conversation as it is now.') },
    );
  const setIndexable = (indexable: boolean) => {
    setChoice(indexable);
    update.mutate(
      { shareId: share.id, indexable },
      {
        onSettled: () => setChoice(null),
        onSuccess: () =>
          onNotice(
            indexable ? 'Search engines may index this link.' : 'Hidden from search engines.',
          ),
      },
    );
  };

  const setIncludeAttachments = (include: boolean) => {
    setAttachChoice(include);
    update.mutate(
      { shareId: share.id, includeAttachments: include },
      {
        onSettled: () => setAttachChoice(null),
        onSuccess: () =>
          onNotice(
            include
              ? 'Link updated: it now shows the conversation as it is now, with its attachments.'
              : 'Link updated: it now shows the conversation as it is now, without attachments.',
          ),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        Share link
      </label>
      <div className="flex items-center gap-2">
        <input
          id={inputId}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100"
        />
        <CopyButton
          text={url}
          label="Copy link"
          className="border border-zinc-300 px-2 py-1.5 dark:border-zinc-700"
        />
      </div>
      <p className={mutedTextClass}>
        Snapshot of {describeExchanges(share)}, taken{' '}
        <time dateTime={share.updatedAt}>{shortDate(share.updatedAt)}</time>. New messages are not
        shown until you update the link.
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={indexable}
          disabled={busy}
          onChange={(e) => setIndexable(e.target.checked)}
        />
        Allow search engines to index
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={includeAttachments}
          disabled={busy}
          onChange={(e) => setIncludeAttachments(e.target.checked)}
        />
        Include attachments (images and files anyone with the link can open)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} disabled={busy} onClick={refresh}>
          Update link
        </button>
        <button
          type="button"
          className={dangerButtonClass}
          disabled={busy}
          onClick={() =>
            revoke.mutate(share.id, {
              onSuccess: () => onNotice('Link revoked. It no longer works for anyone.'),
            })
          }
        >
          Revoke link
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
