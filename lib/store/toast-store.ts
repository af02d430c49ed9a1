'use client';
import { create } from 'zustand';

// App-wide notifications ("Conversation deleted · Undo", errors). Components call `toast()`;
// the <Toaster/> mounted in app/providers.tsx renders them and runs their timers.

export type ToastTone = 'info' | 'error';

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  action?: ToastAction;
  /** How long it stays (paused while hovered or focused). Default 6 s, errors 8 s. */
  durationMs?: number;
}

export interface Toast {
  id: string;
  message: string;
  tone: ToastTone;
  action: ToastAction | null;
  durationMs: number;
}

/** Older toasts give way beyond this many. */
export const MAX_TOASTS = 3;

interface ToastState {
  toasts: Toast[];
}

const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

let counter = 0;

/** Shows a toast; returns its id (for dismissToast). */
export function toast(input: ToastInput): string {
  const tone = input.tone ?? 'info';
  const id = `toast-${++counter}`;
  const next: Toast = {
    id,
    message: input.message,
    tone,
    action: input.action ?? null,
    durationMs: input.durationMs ?? (tone === 'error' ? 8_000 : 6_000),
  };
  useToastStore.setState((s) => ({ toasts: [...s.toasts, next].slice(-MAX_TOASTS) }));
  return id;
}

export function dismissToast(id: string): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

export function useToasts(): Toast[] {
  return useToastStore((s) => s.toasts);
}

/** For tests and non-React code. */
export const toastStore = {
  get: () => useToastStore.getState().toasts,
  clear: () => useToastStore.setState({ toasts: [] }),
};
