'use client';
import { create } from 'zustand';
import type { AttachmentMeta } from '@/lib/chat/attachments';

// Where the chat screen is going. A click on New chat or on a conversation starts a navigation
// whose page takes a moment to arrive; meanwhile the old screen would still take a message and
// send it to the conversation the user just left. So the click is recorded here first: a screen
// mounted before it gives way at once to the destination, and a message sent before that
// destination's page has arrived is held here and sent by the screen that arrives.

/** Where a navigation goes: a new chat, or an existing conversation by id. */
export type ChatDestination = { kind: 'new' } | { kind: 'conversation'; id: string };

/** A message sent while the destination's page was still on its way. */
export interface HeldMessage {
  content: string;
  attachments?: AttachmentMeta[];
}

interface NavigationState {
  /** Counts navigations started here; a screen mounted before the latest one is out of date. */
  seq: number;
  /** The navigation in progress, until its screen arrives. */
  leavingFor: ChatDestination | null;
  held: HeldMessage | null;
}

const useNavigationStore = create<NavigationState>()(() => ({
  seq: 0,
  leavingFor: null,
  held: null,
}));

/** The latest navigation's number: a screen keeps the one it was mounted under. */
export const currentNavigation = () => useNavigationStore.getState().seq;

/** The number of the navigation in progress; 0 when none. */
export const useLeavingSeq = () => useNavigationStore((s) => (s.leavingFor ? s.seq : 0));
/** Where the navigation in progress goes (null when none). */
export const useLeavingFor = () => useNavigationStore((s) => s.leavingFor);

export const navigation = {
  /** A chat link was clicked: call before the router navigates. */
  leave(to: ChatDestination): void {
    useNavigationStore.setState((s) => ({ seq: s.seq + 1, leavingFor: to, held: null }));
  },
  /** True while a navigation's page is on its way: a message sent now waits for it. */
  inProgress: () => useNavigationStore.getState().leavingFor !== null,
  hold(message: HeldMessage): void {
    useNavigationStore.setState({ held: message });
  },
  /** The destination's screen is here: the navigation is over; returns the held message once. */
  arrived(): HeldMessage | null {
    const { held } = useNavigationStore.getState();
    useNavigationStore.setState({ leavingFor: null, held: null });
    return held;
  },
};
