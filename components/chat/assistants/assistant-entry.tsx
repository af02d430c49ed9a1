'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';
import { usePickedAssistant } from './picked-assistant';

// On the empty new chat: the picked assistant's introduction, or a button that opens the list.
// Both load on demand, so the chat page does not carry them.

const picker = onDemand(
  () => import('./assistant-picker').then((m) => m.AssistantPicker),
  'Assistants',
);
const intro = onDemand(
  () => import('./assistant-picker').then((m) => m.AssistantIntro),
  'Assistant',
);

/** True when an assistant is picked: the intro replaces the generic welcome. */
export function useHasPickedAssistant(): boolean {
  return usePickedAssistant() !== null;
}

export function AssistantEntry() {
  const picked = usePickedAssistant();
  const [open, setOpen] = useState(false);
  if (picked) return <intro.Component assistant={picked} />;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        onPointerEnter={picker.preload}
        onFocus={picker.preload}
        onClick={() => setOpen((o) => !o)}
        className="rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Choose an assistant
      </button>
      {open ? <picker.Component onPicked={() => setOpen(false)} /> : null}
    </>
  );
}
