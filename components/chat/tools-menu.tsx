'use client';
import Wrench from 'lucide/dist/esm/icons/wrench.mjs';
import { useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { onDemand } from '@/components/ui/on-demand';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useTools } from '@/lib/queries/tools';
import { CHIP } from './composer-controls';

interface Props {
  /** Names of the enabled tools; undefined = all of them. */
  enabled: string[] | undefined;
  onChange(enabled: string[]): void;
}

const floatingPanel = onDemand(
  () => import('@/components/ui/floating-panel').then((module) => module.FloatingPanel),
  'Tools',
);
const FloatingPanel = floatingPanel.Component;

/** Chooses which tools the model is offered in this conversation. */
export function ToolsMenu({ enabled, onChange }: Props) {
  const { data, isError } = useTools();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const tools = data?.tools ?? [];
  const isOn = (name: string) => !enabled || enabled.includes(name);
  const count = tools.filter((t) => isOn(t.name)).length;

  useDismiss(open, ref, () => setOpen(false));

  const toggle = (name: string, on: boolean) => {
    const current = tools.filter((t) => isOn(t.name)).map((t) => t.name);
    onChange(on ? [...current, name] : current.filter((n) => n !== name));
  };

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
        onPointerEnter={floatingPanel.preload}
        onFocus={floatingPanel.preload}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        title="Tools the model may use"
        onClick={() => setOpen((o) => !o)}
        className={CHIP}
      >
        <Icon icon={Wrench} className="size-4.5" />
        {/* Named by its text: "Tools 3 of 4 on"; a narrow box shows only the icon and the count. */}
        <span className="sr-only @lg:not-sr-only">Tools</span>{' '}
        {tools.length > 0 && (
          <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
            {count}
            <span className="sr-only"> of {tools.length} on</span>
          </span>
        )}
      </button>
      {open && (
        <FloatingPanel
          anchor={button.current}
          placement="top-start"
          className="z-40 w-80 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <fieldset id={panelId}>
            <legend className="sr-only">Tools the model may use</legend>
            <p className="mb-2 text-sm font-medium">Tools the model may use</p>
            {isError && (
              <p className="text-sm text-red-700 dark:text-red-300">Could not load the tools.</p>
            )}
            {!isError && tools.length === 0 && (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No tools available.</p>
            )}
            <ul className="flex flex-col gap-2">
              {tools.map((tool) => (
                <li key={tool.name}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={isOn(tool.name)}
                      onChange={(e) => toggle(tool.name, e.target.checked)}
                    />
                    <span>
                      <span className="font-mono">{tool.name}</span>
                      {tool.requiresApproval && (
                        <span className="ml-1 text-xs text-amber-700 dark:text-amber-300">
                          (asks first)
                        </span>
                      )}
                      <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                        {tool.description}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {data?.problems.map((p) => (
              <p key={p.server} className="mt-2 text-xs text-red-700 dark:text-red-300">
                MCP server “{p.server}” is unavailable: {p.message}
              </p>
            ))}
          </fieldset>
        </FloatingPanel>
      )}
    </div>
  );
}
