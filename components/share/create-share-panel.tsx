'use client';
import { useState } from 'react';
import { useCreateShare } from '@/lib/queries/shares';
import { primaryButtonClass } from '@/components/ui/styles';

/** No link yet: choose indexing, then create it. */
export function CreateSharePanel({ conversationId }: { conversationId: string }) {
  const [indexable, setIndexable] = useState(false);
  const [includeAttachments, setIncludeAttachments] = useState(false);
  const create = useCreateShare(conversationId);
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={indexable}
          onChange={(e) => setIndexable(e.target.checked)}
        />
        Allow search engines to index
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={includeAttachments}
          onChange={(e) => setIncludeAttachments(e.target.checked)}
        />
        Include attachments (images and files anyone with the link can open)
      </label>
      <div>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={create.isPending}
          onClick={() => create.mutate({ indexable, includeAttachments })}
        >
          {create.isPending ? 'Creating link…' : 'Create link'}
        </button>
      </div>
      {create.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {create.error.message}
        </p>
      ) : null}
    </div>
  );
}
