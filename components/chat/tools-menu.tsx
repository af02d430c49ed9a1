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

const toolsPanel = onDemand(
  () => import('./tools-panel').then((module) => module.ToolsPanel),
  'Tools',
);
const ToolsPanel = toolsPanel.Component;

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
        onPointerEnter={toolsPanel.preload}
        onFocus={toolsPanel.preload}
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
        <ToolsPanel
          anchor={button.current}
          panelId={panelId}
          data={data}
          isError={isError}
          isOn={isOn}
          onToggle={toggle}
        />
      )}
    </div>
  );
}
