'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';
import {
  type AttachmentMeta,
  attachmentUrl,
  formatBytes,
  trimmedFileNote,
  unreadFileNote,
} from '@/lib/chat/attachments';

interface Props {
  attachments: readonly AttachmentMeta[];
  /**
   * Where the files are served from, the id appended: the owner's route by default, a shared
   * page's own route there. A string, so a server component can pass it.
   */
  baseUrl?: string;
}

// The large view is a dialog of its own, loaded when an image is first opened.
const ImageDialog = onDemand(
  () => import('./image-dialog').then((m) => m.ImageDialog),
  'Image',
).Component;

/** A message's files: images as thumbnails that open large in a dialog, other files as links. */
export function MessageAttachments({ attachments, baseUrl }: Props) {
  const urlOf = (a: AttachmentMeta) =>
    baseUrl ? `${baseUrl}${encodeURIComponent(a.id)}` : attachmentUrl(a.id);
  const [open, setOpen] = useState<AttachmentMeta | null>(null);
  return (
    <>
      <ul aria-label="Attachments" className="flex max-w-[85%] flex-wrap justify-end gap-2">
        {attachments.map((a) => (
          <li key={a.id}>
            {a.kind === 'image' ? (
              <button
                type="button"
                onClick={() => setOpen(a)}
                aria-label={`Open image ${a.name}`}
                className="block overflow-hidden rounded-lg border border-zinc-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700"
              >
                {/* biome-ignore lint/performance/noImgElement: served by an authorized route, not optimisable */}
                <img
                  src={urlOf(a)}
                  alt={a.name}
                  loading="lazy"
                  className="h-24 w-24 object-cover"
                  width={96}
                  height={96}
                />
              </button>
            ) : (
              <a
                href={urlOf(a)}
                download={a.name}
                className="flex flex-col rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-900"
              >
                <span className="max-w-56 truncate font-medium">{a.name}</span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {a.kind === 'pdf' ? 'PDF' : 'Text'}, {formatBytes(a.size)}
                  {a.chars ? `, ${a.chars.toLocaleString()} characters` : ''}
                </span>
                {unreadFileNote(a) && (
                  <span
                    data-testid="unread-note"
                    className="max-w-56 text-xs text-amber-800 dark:text-amber-300"
                  >
                    {unreadFileNote(a)}
                  </span>
                )}
                {trimmedFileNote(a) && (
                  <span
                    data-testid="trimmed-note"
                    className="max-w-56 text-xs text-amber-800 dark:text-amber-300"
                  >
                    {trimmedFileNote(a)}
                  </span>
                )}
              </a>
            )}
          </li>
        ))}
      </ul>
      {open && <ImageDialog attachment={open} url={urlOf(open)} onClose={() => setOpen(null)} />}
    </>
  );
}
