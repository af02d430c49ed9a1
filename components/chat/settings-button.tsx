'use client';
import { useState } from 'react';
import { onDemand } from '@/components/ui/on-demand';
import type { ModelSettings } from '@/lib/chat/model-settings';

// The dialog (and zod, which checks its form) loads when the button is first pointed at, focused
// or clicked, so the chat page does not ship it.
const settingsDialog = onDemand(
  () => import('./settings-dialog').then((module) => module.SettingsDialog),
  'Settings',
);
const SettingsDialog = settingsDialog.Component;

const BUTTON =
  'h-9 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:hover:bg-zinc-800';

interface Props {
  settings: ModelSettings;
  reasoningEffort: boolean;
  modelLabel: string;
  onSave(settings: ModelSettings): Promise<void>;
}

/** The "Settings" button above the message box and the conversation settings dialog it opens. */
export function SettingsButton(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={settingsDialog.preload}
        onFocus={settingsDialog.preload}
        className={BUTTON}
      >
        Settings
      </button>
      {open ? <SettingsDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
