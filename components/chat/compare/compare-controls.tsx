'use client';
import Columns3 from 'lucide/dist/esm/icons/columns-3.mjs';
import { useId, useRef, useState } from 'react';
import { FloatingPanel } from '@/components/ui/floating-panel';
import { Icon } from '@/components/ui/icon';
import { useDismiss } from '@/components/ui/use-dismiss';
import type { ModelsResponse } from '@/lib/chat/api-types';
import type { ModelChoice } from '@/lib/queries/models';
import { CHIP } from '../composer-controls';

// Compare mode in the message box (a chunk of its own, loaded after the page): pick 2–4 models
// and Send asks each of them the same question at once.

export const MAX_COMPARED = 4;

interface Props {
  list: ModelsResponse | undefined;
  /** The picked models; fewer than two = compare mode is off. */
  value: ModelChoice[];
  onChange(value: ModelChoice[]): void;
}

const same = (a: ModelChoice, b: { provider: string; id: string }) =>
  a.provider === b.provider && a.model === b.id;

export default function CompareControls({ list, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  useDismiss(open, ref, () => setOpen(false));
  const models = list?.models ?? [];
  if (models.length < 2) return null;
  const on = value.length >= 2;
  const several = (list?.providers.length ?? 0) > 1;
  const toggle = (choice: ModelChoice, checked: boolean) =>
    onChange(
      checked
        ? [...value, choice].slice(0, MAX_COMPARED)
        : value.filter((v) => !(v.provider === choice.provider && v.model === choice.model)),
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the open panel
    <div
      ref={ref}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-pressed={on}
        title="Ask several models at once"
        onClick={() => setOpen((o) => !o)}
        className={`${CHIP} ${on ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : ''}`}
      >
        <Icon icon={Columns3} className="size-4.5" />
        <span className="sr-only @lg:not-sr-only">Compare</span>
        {on ? (
          <span className="text-xs tabular-nums">
            {value.length}
            <span className="sr-only"> models</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <FloatingPanel
          anchor={button.current}
          placement="top-end"
          className="z-40 w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <fieldset id={panelId}>
            <legend className="sr-only">Models to compare</legend>
            <p className="mb-1 text-sm font-medium">Compare models</p>
            <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
              Pick 2 to {MAX_COMPARED}: each answers the next message at once, side by side.
            </p>
            <ul className="flex flex-col gap-1.5">
              {models.map((m) => {
                const checked = value.some((v) => same(v, m));
                const provider = list?.providers.find((p) => p.name === m.provider)?.label;
                return (
                  <li key={`${m.provider}\n${m.id}`}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && value.length >= MAX_COMPARED}
                        onChange={(e) =>
                          toggle({ provider: m.provider, model: m.id }, e.target.checked)
                        }
                      />
                      <span>
                        {m.label}
                        {several && provider ? (
                          <span className="text-zinc-500 dark:text-zinc-400"> · {provider}</span>
                        ) : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {value.length > 0 ? (
              <button type="button" className="mt-2 text-xs underline" onClick={() => onChange([])}>
                Turn compare off
              </button>
            ) : null}
          </fieldset>
        </FloatingPanel>
      ) : null}
    </div>
  );
}
