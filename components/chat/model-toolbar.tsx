'use client';
import { ModelPicker } from './model-picker';
import { SettingsButton } from './settings-button';
import type { ModelControls } from './use-model-controls';

/** The model chip and, beside it, the conversation's Settings: one group in the message box. */
export function ModelToolbar({ controls }: { controls: ModelControls }) {
  return (
    <div className="flex min-w-0 items-center">
      <ModelPicker
        list={controls.list}
        isError={controls.isError}
        value={controls.current}
        placeholder={controls.badge.label}
        onChange={controls.choose}
      />
      <SettingsButton
        settings={controls.settings}
        reasoningEffort={controls.current?.reasoningEffort ?? false}
        modelLabel={controls.current?.label ?? controls.badge.label}
        onSave={controls.saveSettings}
      />
    </div>
  );
}
