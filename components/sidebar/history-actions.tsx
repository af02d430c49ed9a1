'use client';
import { usePathname, useRouter } from 'next/navigation';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Conversation } from '@/lib/chat/types';
import {
  useDeleteConversation,
  useRenameConversation,
  useRestoreConversation,
} from '@/lib/queries/conversation-history';
import { toast } from '@/lib/store/toast-store';

// What a row can do to its conversation. Provided by the sidebar, which outlives the rows: a
// deleted row unmounts at once, and its follow-ups (the toast, leaving the page) must still run.

export interface HistoryActions {
  rename(conversation: Pick<Conversation, 'id'>, title: string): void;
  /** Deletes at once (restorable on the server) and offers "Undo" in a toast. */
  remove(conversation: Pick<Conversation, 'id'>): void;
}

const HistoryActionsContext = createContext<HistoryActions | null>(null);

export function useHistoryActions(): HistoryActions {
  const actions = useContext(HistoryActionsContext);
  if (!actions) throw new Error('useHistoryActions outside <HistoryActionsProvider>');
  return actions;
}

export function HistoryActionsProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const { mutate: renameMutation } = useRenameConversation();
  const { mutate: deleteMutation } = useDeleteConversation();
  const { mutate: restoreMutation } = useRestoreConversation();

  const actions = useMemo<HistoryActions>(
    () => ({
      rename: ({ id }, title) =>
        renameMutation(
          { id, title },
          {
            onError: (error) =>
              toast({ tone: 'error', message: `Could not rename it: ${error.message}` }),
          },
        ),
      remove: ({ id }) => {
        const path = `/c/${id}`;
        // Leaving the open conversation goes to a new chat; undoing comes back to it.
        const wasOpen = pathname === path;
        deleteMutation(id, {
          onSuccess: () => {
            if (wasOpen) {
              router.push('/');
              router.refresh();
            }
            toast({
              message: 'Conversation deleted',
              action: {
                label: 'Undo',
                onClick: () =>
                  restoreMutation(id, {
                    onSuccess: () => {
                      if (wasOpen) router.push(path);
                    },
                    onError: (error) =>
                      toast({ tone: 'error', message: `Could not restore it: ${error.message}` }),
                  }),
              },
            });
          },
          onError: (error) =>
            toast({
              tone: 'error',
              message: `Could not delete the conversation: ${error.message}`,
            }),
        });
      },
    }),
    [pathname, router, renameMutation, deleteMutation, restoreMutation],
  );

  return (
    <HistoryActionsContext.Provider value={actions}>{children}</HistoryActionsContext.Provider>
  );
}
