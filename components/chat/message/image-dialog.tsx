'use client';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { type AttachmentMeta, formatBytes } from '@/lib/chat/attachments';

const pixels = (a: AttachmentMeta) => (a.width && a.height ? `${a.width}×${a.height}, ` : '');

/** An attached image, large, with its type, size and dimensions. */
export function ImageDialog({
  attachment,
  url,
  onClose,
}: {
  attachment: AttachmentMeta;
  url: string;
  onClose(): void;
}) {
  return (
    <ModalDialog
      title={attachment.name}
      widthClass="w-[min(64rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      {/* biome-ignore lint/performance/noImgElement: served by an authorized route, not optimisable */}
      <img
        src={url}
        alt={attachment.name}
        className="mx-auto max-h-[70dvh] w-auto object-contain"
      />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {attachment.mediaType}, {pixels(attachment)}
        {formatBytes(attachment.size)}
      </p>
    </ModalDialog>
  );
}
