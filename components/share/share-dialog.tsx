'use client';
import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useShareStatus } from '@/lib/queries/shares';
import { CreateSharePanel } from './create-share-panel';
import { MyShares } from './my-shares';
import { SecretWarning } from './secret-warning';
import { ShareLinkPanel } from './share-link-panel';
import { mutedTextClass } from '@/components/ui/styles';

interface Props {
  conversationId: string;
  onClose(): void;
}

/**
 * A native modal dialog (focus trap, Escape and inertness come from the browser). Mounted only
 * while open, so the link status is fetched fresh each time.
 */
export function ShareDialog({ conversationId, onClose }: Props) {
  const [notice, setNotice] = useState('');
  const status = useShareStatus(conversationId, true);

  return (
    <ModalDialog
      title="Share conversation"
      widthClass="w-[min(36rem,calc(100vw-2rem))]"
      onClose={onClose}
    >
      <p className={mutedTextClass}>
        Anyone with the link can read a snapshot of this conversation as it is now, and continue it
        in a copy of their own. Your other conversations and settings are never shared.
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
    </ModalDialog>
  );
}
