'use client';
import { useRef } from 'react';
import { ACCEPT_ATTRIBUTE, type AttachmentLimits } from '@/lib/chat/attachments';
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
        className="grid h-11 w-11 shrink-0 place-items-center rounded-xl border border-zinc-300 text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
        </svg>
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
