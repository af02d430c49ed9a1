'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { useShareStatus } from '@/lib/queries/shares';
import { CreateSharePanel } from './create-share-panel';
import { MyShares } from './my-shares';
import { SecretWarning } from './secret-warning';
import { ShareLinkPanel } from './share-link-panel';
import { buttonClass, mutedTextClass } from './styles';

interface Props {
  conversationId: string;
  onClose(): void;
}

/**
 * A native modal dialog (focus trap, Escape and inertness come from the browser). Mounted only
 * while open, so the link status is fetched fresh each time.
 */
export function ShareDialog({ conversationId, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [notice, setNotice] = useState('');
  const status = useShareStatus(conversationId, true);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex max-h-[85dvh] flex-col gap-4 overflow-y-auto p-5">
        <div className="flex items-start gap-3">
          <h2 id={titleId} className="flex-1 text-lg font-semibold">
            Share conversation
          </h2>
          <button type="button" className={buttonClass} onClick={() => ref.current?.close()}>
            Close
          </button>
        </div>
        <p className={mutedTextClass}>
          Anyone with the link can read a snapshot of this conversation as it is now, and continue
          it in a copy of their own. Your other conversations and settings are never shared.
        </p>
        {status.isPending ? <p className={mutedTextClass}>Loading…</p> : null}
        {status.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {status.error.message}
          </p>
        ) : null}
        {status.data ? (
          <>
            <SecretWarning findings={status.data.findings} />
            {status.data.share ? (
              <ShareLinkPanel share={status.data.share} onNotice={setNotice} />
            ) : (
              <CreateSharePanel conversationId={conversationId} />
            )}
          </>
        ) : null}
        <p role="status" className={mutedTextClass}>
          {notice}
        </p>
        <MyShares currentConversationId={conversationId} />
      </div>
    </dialog>
  );
}
