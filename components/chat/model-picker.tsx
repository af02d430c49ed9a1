'use client';
import { useId } from 'react';
import type { ModelOption, ModelsResponse } from '@/lib/chat/api-types';
import type { ModelChoice } from '@/lib/queries/models';

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

const SELECT =
  'h-9 max-w-full rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

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
    <div className="flex min-w-0 items-center gap-1">
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
    </div>
  );
}
