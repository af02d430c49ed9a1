'use client';
import ChevronDown from 'lucide/dist/esm/icons/chevron-down.mjs';
import { useId } from 'react';
import { Icon } from '@/components/ui/icon';
import type { ModelOption, ModelsResponse } from '@/lib/chat/api-types';
import type { ModelChoice } from '@/lib/queries/models';
import { CHIP } from './composer-controls';

interface Props {
  /** The server's list; undefined while loading (or after an error). */
  list: ModelsResponse | undefined;
  isError: boolean;
  /** The model the next message goes to (null until the list is known). */
  value: ModelOption | null;
  /** Shown while the list loads, so the box is never empty. */
  placeholder: string;
  onChange(choice: ModelChoice): void;
  disabled?: boolean;
}

// Provider names are [a-z0-9_-], so the first "/" separates them from the model id (which may
// contain slashes itself, e.g. openai/gpt-4o-mini on OpenRouter).
const optionValue = (m: { provider: string; id: string }) => `${m.provider}/${m.id}`;

function parseValue(value: string): ModelChoice | null {
  const at = value.indexOf('/');
  return at > 0 ? { provider: value.slice(0, at), model: value.slice(at + 1) } : null;
}

// A native select drawn as a chip: the platform's own picker (a sheet on phones), its keyboard
// and screen-reader support, and no script of ours to open it.
const SELECT = `${CHIP} max-w-36 min-w-0 appearance-none truncate bg-transparent pr-7 font-medium disabled:opacity-60 @md:max-w-56 dark:bg-transparent [&>*]:bg-white [&>*]:text-zinc-900 dark:[&>*]:bg-zinc-900 dark:[&>*]:text-zinc-100`;

/** Chooses the model of this conversation; grouped by provider when there are several. */
export function ModelPicker({ list, isError, value, placeholder, onChange, disabled }: Props) {
  const id = useId();
  const grouped = (list?.providers.length ?? 0) > 1;

  const option = (m: ModelOption) => (
    <option key={optionValue(m)} value={optionValue(m)}>
      {m.label}
    </option>
  );

  return (
    <div className="relative flex min-w-0 items-center">
      <label htmlFor={id} className="sr-only">
        Model
      </label>
      <select
        id={id}
        className={SELECT}
        value={value ? optionValue(value) : ''}
        disabled={disabled || !list}
        title={isError ? 'Could not load the list of models.' : undefined}
        onChange={(e) => {
          const choice = parseValue(e.target.value);
          if (choice) onChange(choice);
        }}
      >
        {!list || !value ? (
          <option value="">{isError ? placeholder : `${placeholder}…`}</option>
        ) : null}
        {list && grouped
          ? list.providers.map((p) => {
              const models = list.models.filter((m) => m.provider === p.name);
              return (
                <optgroup key={p.name} label={p.label}>
                  {models.map(option)}
                  {models.length === 0 && (
                    <option disabled value={`${p.name}/`}>
                      {p.error ? 'Unavailable' : 'No models'}
                    </option>
                  )}
                </optgroup>
              );
            })
          : list?.models.map(option)}
      </select>
      <Icon
        icon={ChevronDown}
        className="pointer-events-none absolute right-2 size-4 text-zinc-500 dark:text-zinc-400"
      />
    </div>
  );
}
