'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';

const shareDialog = onDemand(
  () => import('./share-dialog').then((module) => module.ShareDialog),
  'Share',
);
const ShareDialog = shareDialog.Component;

/** The header's "Share" button; opens the share dialog for this conversation. */
export function ShareButton({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={shareDialog.preload}
        onFocus={shareDialog.preload}
        className="rounded-md border border-zinc-300 px-2 py-1 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Share
      </button>
      {open ? <ShareDialog conversationId={conversationId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
