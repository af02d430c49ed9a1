'use client';
import { useId, useState } from 'react';
import { buttonClass, mutedTextClass, sectionTitleClass } from '@/components/ui/styles';
import type { AssistantFileMeta } from '@/lib/chat/assistants';

/** Reference files: text or PDF uploads whose text the assistant's chats are sent. */
export function FileList({
  files,
  max,
  onChange,
}: {
  files: AssistantFileMeta[];
  max: number;
  onChange(files: AssistantFileMeta[]): void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      const res = await fetch(`/api/attachments?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: file,
      });
      const body = (await res.json().catch(() => null)) as {
        attachment?: { id: string; name: string; kind: string; chars?: number | null };
        error?: { message?: string };
      } | null;
      const a = body?.attachment;
      if (!res.ok || !a) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
      if (a.kind === 'image') throw new Error('Reference files are text or PDF, not images.');
      onChange([...files, { id: a.id, name: a.name, chars: a.chars ?? 0 }]);
    } catch (e) {
      setError(`“${file.name}” could not be added: ${e instanceof Error ? e.message : e}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={sectionTitleClass}>Reference files</legend>
      <p className={mutedTextClass}>
        Up to {max} text or PDF files; their text is sent with every chat, like attachments.
      </p>
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {files.map((f) => (
            <li key={f.id} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate">{f.name}</span>
              <span className={mutedTextClass}>{f.chars.toLocaleString()} characters</span>
              <button
                type="button"
                className={buttonClass}
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((x) => x.id !== f.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < max ? (
        <div>
          <label htmlFor={id} className="text-sm font-medium">
            Add a file
          </label>
          <input
            id={id}
            type="file"
            disabled={busy}
            accept=".txt,.md,.csv,.json,.pdf,text/*,application/pdf"
            className="mt-1 block text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
