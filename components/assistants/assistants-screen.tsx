'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SidebarToggle } from '@/components/sidebar/sidebar-toggle';
import { mutedTextClass, primaryButtonClass } from '@/components/ui/styles';
import type { ImportResult } from '@/lib/chat/export-types';
import { assistantKeys, useAssistants } from '@/lib/queries/assistants';
import { AssistantCard } from './assistant-card';
import { AssistantEditor } from './assistant-editor';

/** The assistants page: the deployment's and the user's own, a new one, and NextChat import. */
export function AssistantsScreen() {
  const { data, isPending, isError } = useAssistants();
  const [creating, setCreating] = useState(false);
  const items = data?.items ?? [];
  return (
    <div className="flex h-dvh min-w-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <SidebarToggle />
        <h1 className="text-lg font-semibold">Assistants</h1>
      </header>
      <main className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
          <p className={mutedTextClass}>
            A reusable system prompt with its model, settings, tools, files and starters. Pick one
            on a new chat, or type “/” in its message box.
          </p>
          {creating ? (
            <AssistantEditor onDone={() => setCreating(false)} />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={primaryButtonClass}
                onClick={() => setCreating(true)}
              >
                New assistant
              </button>
              <MaskImport />
            </div>
          )}
          {isPending ? <p className={mutedTextClass}>Loading…</p> : null}
          {isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              The assistants could not be loaded.
            </p>
          ) : null}
          {items.map((a) => (
            <AssistantCard key={a.id} assistant={a} />
          ))}
        </div>
      </main>
    </div>
  );
}

/** Imports NextChat's mask file (or a Parley archive) through POST /api/import. */
function MaskImport() {
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const upload = async (file: File) => {
    setStatus(null);
    const res = await fetch('/api/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await file.text(),
    });
    const body = (await res.json().catch(() => null)) as
      | (ImportResult & { error?: { message?: string } })
      | null;
    if (!res.ok || !body) {
      setStatus({ ok: false, text: body?.error?.message ?? `Import failed (HTTP ${res.status}).` });
      return;
    }
    const n = body.assistants?.length ?? 0;
    const skipped = body.skipped?.length ?? 0;
    setStatus({
      ok: true,
      text: `Imported ${n} assistant${n === 1 ? '' : 's'}${skipped ? `; ${skipped} skipped (${body.skipped?.map((s) => `${s.name}: ${s.reason}`).join('; ')})` : ''}.`,
    });
    void queryClient.invalidateQueries({ queryKey: assistantKeys.all });
  };
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium">
        Import NextChat masks
      </label>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        className="ml-2 text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {status ? (
        <p
          role={status.ok ? 'status' : 'alert'}
          className={`mt-1 ${status.ok ? '' : 'text-red-700 dark:text-red-300'}`}
        >
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
