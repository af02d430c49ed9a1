'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';
import { buttonClass } from '@/components/ui/styles';
import { usePickedAssistant } from './picked-assistant';

// On the empty new chat: the picked assistant's introduction, or a button that opens the list.
// Both are one chunk loaded on demand, so the chat page does not carry them.

const panel = onDemand(
  () => import('./assistant-picker').then((m) => m.AssistantPanel),
  'Assistants',
);

export function AssistantEntry() {
  const picked = usePickedAssistant();
  const [open, setOpen] = useState(false);
  if (picked) return <panel.Component picked={picked} />;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        onPointerEnter={panel.preload}
        onFocus={panel.preload}
        onClick={() => setOpen(!open)}
        className={buttonClass}
      >
        Choose an assistant
      </button>
      {open ? <panel.Component picked={null} onPicked={() => setOpen(false)} /> : null}
    </>
  );
}
