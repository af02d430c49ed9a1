'use client';
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  useConversationActions,
  useIsStreaming,
  useSendError,
} from '@/lib/store/conversation-store';
import ArrowUp from 'lucide/dist/esm/icons/arrow-up.mjs';
import Square from 'lucide/dist/esm/icons/square.mjs';
import type { AttachmentLimits } from '@/lib/chat/attachments';
import { AttachmentTray } from './attachments/attachment-tray';
import {
  addFiles,
  readyAttachments,
  takeAttachments,
  usePendingAttachments,
} from './attachments/pending-store';
import { Icon } from '@/components/ui/icon';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';
import { isSendKey } from '@/lib/shortcuts';
import { clearComposerFill, focusComposer, useComposerFillRequest } from './composer-fill';
import type { SendInput } from './use-chat-turn';

interface Props {
  draftKey: string;
  /** An answer the server is still writing that this tab did not start (seen after a reload). */
  following: boolean;
  onSend(input: SendInput): Promise<boolean>;
  onStop(): void;
  /** The tools menu, in the box's row of controls. */
  tools?: ReactNode;
  /** The model chip and its settings, in the box's row of controls. */
  toolbar?: ReactNode;
  /** The attach button, first in the box's row of controls. */
  attach?: ReactNode;
  /** Attachment limits (pasted images are checked against them); undefined = not known yet. */
  attachmentLimits?: AttachmentLimits;
  /** Shown above the box for the current text (a command's menu), or nothing. */
  overlay?(text: string, setText: (text: string) => void): ReactNode;
}

/** Send and Stop: the filled round button at the end of the row. */
const ROUND =
  'grid size-9 shrink-0 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500';

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
  overlay,
}: Props) {
  const [text, setText] = useState('');
  const streaming = useIsStreaming() || following;
  const sendError = useSendError();
  const { clearSendError } = useConversationActions();
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  // The draft survives reloads; read after mount so server and client HTML agree. In the commit
  // itself: a box that replaces another (New chat, a conversation opened) takes over the text
  // and the focus in the task that removed the old one, so no key lands between the two boxes
  // (an Enter pressed there did nothing).
  useLayoutEffect(() => {
    setText(readDraft(draftKey));
    ref.current?.focus();
  }, [draftKey]);
  // What the reader typed before the page was interactive wins over the saved draft.
  useTypedBeforeHydration(ref, (typed) => {
    setText(typed);
    writeDraft(draftKey, typed);
  });

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
    <form onSubmit={submit} className="shrink-0 px-gutter pt-1 pb-3">
      {sendError && (
        <p
          role="alert"
          className="mx-auto mb-2 max-w-reading rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {sendError.message}
        </p>
      )}
      {overlay?.(text, update)}
      {/* One rounded box: the text on top, the controls inside it below the text. Its outline
          is the text's focus ring, since the textarea itself has no border of its own. */}
      <div
        data-testid="composer-box"
        className="relative mx-auto max-w-reading rounded-3xl border border-zinc-300 bg-white shadow-sm has-[textarea:focus-visible]:border-blue-500 has-[textarea:focus-visible]:ring-1 has-[textarea:focus-visible]:ring-blue-500 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <AttachmentTray />
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
          aria-describedby={hintId}
          // Grows with the text up to a third of the window, then scrolls.
          className="block max-h-[max(8rem,33dvh)] min-h-12 w-full resize-none bg-transparent px-4 pt-3 pb-1 text-base/6 [field-sizing:content] placeholder:text-zinc-500 focus:outline-none dark:placeholder:text-zinc-400"
        />
        <div className="flex items-center gap-1 px-2 pb-2">
          {attach}
          {tools}
          <span className="ml-auto" />
          {toolbar}
          {streaming ? (
            <button
              type="button"
              onClick={onStop}
              aria-label="Stop"
              title="Stop"
              className={`${ROUND} bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300`}
            >
              <Icon icon={Square} className="size-3.5 fill-current" />
            </button>
          ) : (
            <button
              type="submit"
              disabled={!canSend}
              aria-label="Send"
              title="Send (Enter)"
              className={`${ROUND} bg-zinc-900 text-white hover:bg-zinc-700 disabled:cursor-not-allowed disabled:bg-zinc-300 disabled:text-zinc-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300 dark:disabled:bg-zinc-700 dark:disabled:text-zinc-300`}
            >
              <Icon icon={ArrowUp} strokeWidth={2.25} />
            </button>
          )}
        </div>
      </div>
      <p
        id={hintId}
        className="mx-auto mt-1.5 hidden max-w-reading text-center text-xs text-zinc-600 @md:block dark:text-zinc-400"
      >
        Enter to send, Shift+Enter for a new line.
      </p>
    </form>
  );
}
