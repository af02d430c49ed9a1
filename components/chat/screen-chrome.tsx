'use client';
import { useEffect } from 'react';
import { KeyboardShortcuts } from '@/components/ui/keyboard-shortcuts';
import { MyDataDialogHost } from '@/components/ui/my-data-dialog';
import { useIsStreaming } from '@/lib/store/conversation-store';
import { preloadMarkdownWhenIdle } from './markdown/lazy-markdown';
import { useDocumentTitle } from './use-document-title';

interface Props {
  /** The conversation's title; null for a chat not created yet. */
  title: string | null;
  /** An answer this tab only follows (seen after a reload) is being written. */
  following: boolean;
  onStop(): void;
}

/**
 * What the chat screen does beyond its own view: the tab title, keyboard shortcuts, dialogs, and
 * loading the markdown renderer before the first answer needs it.
 */
export function ScreenChrome({ title, following, onStop }: Props) {
  const streaming = useIsStreaming() || following;
  useDocumentTitle(title);
  // Answers need the markdown renderer, a chunk of its own: fetched once the page is idle.
  useEffect(preloadMarkdownWhenIdle, []);
  return (
    <>
      <KeyboardShortcuts streaming={streaming} onStop={onStop} />
      <MyDataDialogHost />
    </>
  );
}
