'use client';
import { FloatingPanel } from '@/components/ui/floating-panel';
import type { ToolsResponse } from '@/lib/chat/api-types';

// The open tools panel, in a chunk of its own with Floating UI: the page loads only the button.

interface Props {
  anchor: HTMLElement | null;
  panelId: string;
  data: ToolsResponse | undefined;
  isError: boolean;
  isOn(name: string): boolean;
  onToggle(name: string, on: boolean): void;
}

export function ToolsPanel({ anchor, panelId, data, isError, isOn, onToggle }: Props) {
  const tools = data?.tools ?? [];
  return (
    <FloatingPanel
      anchor={anchor}
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
                  onChange={(e) => onToggle(tool.name, e.target.checked)}
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
  );
}
