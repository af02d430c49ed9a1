'use client';
import { create } from 'zustand';
import type { PickedAssistant } from '@/lib/chat/assistants';

// The assistant a new chat will start from: set by the page (`/?assistant=<id>`), the picker on
// the empty screen or the `/` command, and sent with the chat's first message.

const usePickStore = create<{ picked: PickedAssistant | null }>()(() => ({ picked: null }));

export const usePickedAssistant = () => usePickStore((s) => s.picked);

export function pickAssistant(picked: PickedAssistant | null): void {
  usePickStore.setState({ picked });
}
