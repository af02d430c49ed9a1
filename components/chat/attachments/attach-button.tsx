'use client';
import Paperclip from 'lucide/dist/esm/icons/paperclip.mjs';
import { useRef } from 'react';
import { Icon } from '@/components/ui/icon';
import { ACCEPT_ATTRIBUTE, type AttachmentLimits } from '@/lib/chat/attachments';
import { ICON_BUTTON } from '../composer-controls';
import { addFiles } from './pending-store';

interface Props {
  limits: AttachmentLimits | undefined;
  /** The picked model takes images; otherwise the button says they go as descriptions. */
  vision: boolean;
}

const NO_VISION = 'This model cannot see images: attached images are sent as a short description.';

/** Opens the file picker; several files at once. */
export function AttachButton({ limits, vision }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const off = limits?.maxFiles === 0;
  const title = off
    ? 'Attachments are turned off on this server.'
    : vision
      ? 'Attach images, PDFs or text files'
      : NO_VISION;
  return (
    <>
      <button
        type="button"
        aria-label="Attach files"
        title={title}
        aria-description={vision ? undefined : NO_VISION}
        disabled={!limits || off}
        onClick={() => input.current?.click()}
        className={ICON_BUTTON}
      >
        <Icon icon={Paperclip} />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (limits) void addFiles(files, limits);
        }}
      />
    </>
  );
}
