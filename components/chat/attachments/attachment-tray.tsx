'use client';
import { formatBytes } from '@/lib/chat/attachments';
import { removeAttachment, useAttachNotice, usePendingAttachments } from './pending-store';

/** Thumbnails of the files attached to the message being written, each with a remove button. */
export function AttachmentTray() {
  const items = usePendingAttachments();
  const notice = useAttachNotice();
  if (items.length === 0 && !notice) return null;
  return (
    <div className="px-3 pt-3">
      {notice && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-300">
          {notice}
        </p>
      )}
      {items.length > 0 && (
        <ul aria-label="Attached files" className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-2 rounded-lg border border-zinc-300 bg-zinc-50 p-1 pr-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            >
              {item.previewUrl ? (
                // biome-ignore lint/performance/noImgElement: a local blob preview, nothing to optimise
                <img src={item.previewUrl} alt="" className="h-10 w-10 rounded object-cover" />
              ) : (
                <span
                  aria-hidden
                  className="grid h-10 w-10 place-items-center rounded bg-zinc-200 text-xs dark:bg-zinc-800"
                >
                  FILE
                </span>
              )}
              <span className="flex max-w-40 flex-col">
                <span className="truncate">{item.name}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {item.status === 'uploading' ? 'Uploading…' : formatBytes(item.size)}
                </span>
              </span>
              <button
                type="button"
                aria-label={`Remove ${item.name}`}
                onClick={() => removeAttachment(item.key)}
                className="rounded px-1.5 text-lg leading-none text-zinc-600 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
