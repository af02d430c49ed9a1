'use client';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  useConversationActions,
  useIsStreaming,
  useSendError,
} from '@/lib/store/conversation-store';
import type { AttachmentLimits } from '@/lib/chat/attachments';
import { AttachmentTray } from './attachments/attachment-tray';
import {
  addFiles,
  readyAttachments,
  takeAttachments,
  usePendingAttachments,
} from './attachments/pending-store';
import { isSendKey } from '@/lib/shortcuts';
import { clearComposerFill, focusComposer, useComposerFillRequest } from './composer-fill';
import type { SendInput } from './use-chat-turn';

interface Props {
  draftKey: string;
  /** An answer the server is still writing that this tab did not start (seen after a reload). */
  following: boolean;
  onSend(input: SendInput): Promise<boolean>;
  onStop(): void;
  /** Controls shown beside the message box (the tools menu). */
  tools?: ReactNode;
  /** Controls shown above the message box (the model picker and settings). */
  toolbar?: ReactNode;
  /** The attach button, beside the message box. */
  attach?: ReactNode;
  /** Attachment limits (pasted images are checked against them); undefined = not known yet. */
  attachmentLimits?: AttachmentLimits;
}

const storageKey = (key: string) => `parley:draft:${key}`;

function readDraft(key: string): string {
  try {
    return localStorage.getItem(storageKey(key)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, text: string) {
  try {
    if (text) localStorage.setItem(storageKey(key), text);
    else localStorage.removeItem(storageKey(key));
  } catch {
    // Private mode or a full quota: the draft just is not kept.
  }
}

export function Composer({
  draftKey,
  following,
  onSend,
  onStop,
  tools,
  toolbar,
  attach,
  attachmentLimits,
}: Props) {
  const [text, setText] = useState('');
  const streaming = useIsStreaming() || following;
  const sendError = useSendError();
  const { clearSendError } = useConversationActions();
  const ref = useRef<HTMLTextAreaElement>(null);

  // The draft survives reloads; read after mount so server and client HTML agree.
  useEffect(() => {
    setText(readDraft(draftKey));
    ref.current?.focus();
  }, [draftKey]);

  // A suggestion from the empty state: fill, then focus with the caret at the end.
  const fill = useComposerFillRequest();
  useEffect(() => {
    if (!fill) return;
    clearComposerFill();
    setText(fill.text);
    writeDraft(draftKey, fill.text);
    requestAnimationFrame(() => focusComposer());
    if (fill.send) void sendRef.current(fill.text);
  }, [fill, draftKey]);

  const update = (value: string) => {
    setText(value);
    writeDraft(draftKey, value);
    if (sendError) clearSendError();
  };

  const pending = usePendingAttachments();
  const uploading = pending.some((p) => p.status === 'uploading');
  const attachments = readyAttachments(pending);
  const canSend = (text.trim().length > 0 || attachments.length > 0) && !streaming && !uploading;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    await sendText(text);
  };

  /** Sends `content` with the ready attachments; refused, both come back into the box. */
  const sendText = async (content: string) => {
    if (streaming || uploading || !(content.trim() || attachments.length > 0)) return;
    update('');
    const files = takeAttachments();
    const accepted = await onSend({
      content,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
    // Refused before anything was saved: give the text and the files back rather than lose them.
    if (!accepted) {
      update(content);
      files.restore();
    } else files.release();
  };

  const sendRef = useRef(sendText);
  sendRef.current = sendText;

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0 || !attachmentLimits) return;
    // A pasted image is attached; pasted text stays ordinary text.
    event.preventDefault();
    void addFiles(files, attachmentLimits);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      onSubmit={submit}
      className="border-t border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      {sendError && (
        <p
          role="alert"
          className="mx-auto mb-2 max-w-3xl rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {sendError.message}
        </p>
      )}
      {toolbar && (
        <div className="mx-auto mb-2 flex max-w-3xl flex-wrap items-center gap-2">{toolbar}</div>
      )}
      <AttachmentTray />
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        {attach}
        {tools}
        <label htmlFor="composer" className="sr-only">
          Message
        </label>
        <textarea
          id="composer"
          ref={ref}
          value={text}
          onChange={(e) => update(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          rows={1}
          placeholder="Message Parley"
          className="max-h-60 min-h-11 flex-1 resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2.5 text-base leading-6 [field-sizing:content] focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            className="h-11 rounded-xl bg-zinc-200 px-4 font-medium text-zinc-900 hover:bg-zinc-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            className="h-11 rounded-xl bg-zinc-900 px-4 font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            Send
          </button>
        )}
      </div>
      <p className="mx-auto mt-1 max-w-3xl text-xs text-zinc-600 dark:text-zinc-400">
        Enter to send, Shift+Enter for a new line.
      </p>
    </form>
  );
}
