'use client';
import SlidersHorizontal from 'lucide/dist/esm/icons/sliders-horizontal.mjs';
import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { onDemand } from '@/components/ui/on-demand';
import type { ModelSettings } from '@/lib/chat/model-settings';
import { ICON_BUTTON } from './composer-controls';

// The dialog (and zod, which checks its form) loads when the button is first pointed at, focused
// or clicked, so the chat page does not ship it.
const settingsDialog = onDemand(
  () => import('./settings-dialog').then((module) => module.SettingsDialog),
  'Settings',
);
const SettingsDialog = settingsDialog.Component;

interface Props {
  settings: ModelSettings;
  reasoningEffort: boolean;
  modelLabel: string;
  onSave(settings: ModelSettings): Promise<void>;
}

/** The "Settings" button beside the model chip and the conversation settings dialog it opens. */
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
        aria-label="Settings"
        title="System prompt, temperature and more, for this conversation"
        className={ICON_BUTTON}
      >
        <Icon icon={SlidersHorizontal} className="size-4.5" />
      </button>
      {open ? <SettingsDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
