'use client';
import { useRouter } from 'next/navigation';
import { type ChangeEvent, useId, useState } from 'react';
import { DownloadError, download } from '@/lib/chat/download';
import { MAX_IMPORT_BYTES } from '@/lib/chat/export-types';
import { conversationsWord, countExportedConversations } from '@/lib/chat/import-count';
import { useDeleteAllData, useImportConversations } from '@/lib/queries/my-data';
import { DeleteAllData } from './delete-all-data';
import { ModalDialog } from './modal-dialog';
import { buttonClass, mutedTextClass, sectionTitleClass } from './styles';
import { toast } from '@/lib/store/toast-store';

// Loaded on demand by MyDataDialogHost (my-data-dialog.tsx) the first time it opens.

/** Import a conversation, export all of them, delete everything: a native modal dialog. */
export function MyDataDialog({ onClose }: { onClose(): void }) {
  const fileId = useId();
  const fileHelpId = useId();
  const router = useRouter();
  const importer = useImportConversations();
  const deleter = useDeleteAllData();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  // The file chosen, and how many conversations it holds (null: not a Parley export it can
  // count; the server says what is wrong), until Import is pressed.
  const [chosen, setChosen] = useState<{ file: File; count: number | null } | null>(null);

  // Shown in the dialog rather than as a toast: the modal would cover the toast.
  const fail = (message: string) => {
    setStatus('');
    setError(message);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setChosen(null);
    setStatus('');
    if (!file) return;
    setError('');
    if (file.size > MAX_IMPORT_BYTES) {
      input.value = '';
      fail(`Import failed: “${file.name}” is larger than 5 MB, the most Parley imports at once.`);
      return;
    }
    setChosen({ file, count: countExportedConversations(await file.text()) });
  };

  const importChosen = async (close: () => void) => {
    if (!chosen) return;
    const { file } = chosen;
    setChosen(null);
    setError('');
    setStatus(`Importing “${file.name}”…`);
    try {
      const result = await importer.mutateAsync(file);
      const [only] = result.conversations;
      if (result.conversations.length === 1 && only) {
        close();
        toast({ message: `Imported “${only.title}”.` });
        router.push(only.path);
        return;
      }
      setStatus(`Imported ${result.conversations.length} conversations.`);
    } catch (err) {
      fail(`Import failed: ${err instanceof Error ? err.message : 'could not reach the server.'}`);
    } finally {
      const input = document.getElementById(fileId);
      if (input instanceof HTMLInputElement) input.value = '';
    }
  };

  const exportAll = async () => {
    setExporting(true);
    setError('');
    try {
      const name = await download('/api/export?format=json', 'parley-conversations.json');
      setStatus(`Saved ${name}.`);
    } catch (err) {
      fail(
        `Export failed: ${err instanceof DownloadError ? err.message : 'could not reach the server.'}`,
      );
    } finally {
      setExporting(false);
    }
  };

  const deleteAll = async (close: () => void) => {
    setError('');
    try {
      await deleter.mutateAsync();
      close();
      toast({ message: 'All your data was deleted. You start again as a new guest.' });
      router.push('/');
      router.refresh();
    } catch (err) {
      fail(
        `Deleting failed: ${err instanceof Error ? err.message : 'could not reach the server.'}`,
      );
    }
  };

  return (
    <ModalDialog title="My data" widthClass="w-[min(34rem,calc(100vw-2rem))]" onClose={onClose}>
      {(close) => (
        <>
          <p className={mutedTextClass}>
            Your conversations are stored on this server for the guest identity kept in this
            browser’s cookie.
          </p>

          <section className="flex flex-col gap-2">
            <label htmlFor={fileId} className={sectionTitleClass}>
              Import conversation
            </label>
            <p id={fileHelpId} className={mutedTextClass}>
              A JSON file exported from Parley (one conversation or all of them), up to 5 MB. Each
              conversation in it is added as a new one; nothing existing is changed.
            </p>
            <input
              id={fileId}
              type="file"
              accept=".json,application/json"
              aria-describedby={fileHelpId}
              disabled={importer.isPending}
              onChange={(e) => void onFile(e)}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-800 focus-visible:outline-2 focus-visible:outline-blue-500 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
            />
            {chosen ? (
              <div className="flex flex-wrap items-center gap-2">
                <p className="text-sm">
                  {chosen.count === null
                    ? `“${chosen.file.name}” does not look like a Parley export.`
                    : `“${chosen.file.name}” holds ${conversationsWord(chosen.count)}.`}
                </p>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={importer.isPending || chosen.count === 0}
                  onClick={() => void importChosen(close)}
                >
                  {chosen.count ? `Import ${conversationsWord(chosen.count)}` : 'Import'}
                </button>
              </div>
            ) : null}
          </section>

          <section className="flex flex-col items-start gap-2">
            <h3 className={sectionTitleClass}>Export</h3>
            <p className={mutedTextClass}>
              Every conversation with all its branches, in one JSON file you can import again.
            </p>
            <button
              type="button"
              className={buttonClass}
              disabled={exporting}
              onClick={() => void exportAll()}
            >
              Export all conversations
            </button>
          </section>

          <DeleteAllData pending={deleter.isPending} onConfirm={() => void deleteAll(close)} />

          <p role="status" className={mutedTextClass}>
            {status}
          </p>
          {error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </>
      )}
    </ModalDialog>
  );
}
