'use client';
import { useState } from 'react';
import { Menu, MenuItem } from '@/components/ui/menu';
import { toast } from '@/lib/store/toast-store';

export type ExportFormat = 'md' | 'json';

export const EXPORT_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'md', label: 'Export as Markdown' },
  { format: 'json', label: 'Export as JSON' },
];

/** Downloads the conversation; a failure becomes an error toast. True when saved. */
export async function saveExport(conversationId: string, format: ExportFormat): Promise<boolean> {
  // Loaded on first use: the chat page does not carry it.
  const { DownloadError, download } = await import('@/lib/chat/download');
  try {
    await download(
      `/api/conversations/${encodeURIComponent(conversationId)}/export?format=${format}`,
      `conversation.${format}`,
    );
    return true;
  } catch (error) {
    const reason = error instanceof DownloadError ? error.message : 'could not reach the server.';
    toast({ message: `Export failed: ${reason}`, tone: 'error' });
    return false;
  }
}

/** The two export items, for the Export menu and the narrow screen's "More" menu. */
export function ExportItems({
  conversationId,
  onDone,
}: {
  conversationId: string;
  onDone(): void;
}) {
  const [busy, setBusy] = useState(false);
  return EXPORT_FORMATS.map(({ format, label }) => (
    <MenuItem
      key={format}
      disabled={busy}
      onSelect={async () => {
        setBusy(true);
        const saved = await saveExport(conversationId, format);
        setBusy(false);
        if (saved) onDone();
      }}
    >
      {label}
    </MenuItem>
  ));
}

/**
 * The header's "Export" menu: the conversation as Markdown (the branch on screen) or JSON
 * (every branch, importable).
 */
export function ExportMenu({ conversationId }: { conversationId: string }) {
  return (
    <Menu trigger="Export">
      {(close) => <ExportItems conversationId={conversationId} onDone={close} />}
    </Menu>
  );
}
