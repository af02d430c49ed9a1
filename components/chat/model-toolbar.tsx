'use client';
import { ModelPicker } from './model-picker';
import { SettingsButton } from './settings-button';
import type { ModelControls } from './use-model-controls';

/** The model picker and the Settings button, above the message box. */
export function ModelToolbar({ controls }: { controls: ModelControls }) {
  return (
    <>
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
    </>
  );
}
