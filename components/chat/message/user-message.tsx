'use client';

import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { BranchNav } from '@/components/chat/branch-nav';
import type { BranchInfo } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import { isSendKey } from '@/lib/shortcuts';
import { MessageAttachments } from './message-attachments';

export interface UserMessageProps {
  message: ChatMessage;
  /** "Edit": the new text is sent as a new version of this message (the old one stays). */
  onEdit?: (messageId: string, content: string) => void;
  /** This message's versions, when it has several. */
  branch?: BranchInfo;
  onSwitchBranch?: (messageId: string) => void;
  /** An answer is being written: editing and switching versions wait. */
  busy?: boolean;
  /** Where attachments are served from (a shared page's route); the owner's by default. */
  attachmentBaseUrl?: string;
}

const smallButton =
  'rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** Scrolls the message list (not the page) so `el` is in view, its top first. */
function revealInList(el: HTMLElement) {
  const list = el.closest<HTMLElement>('[data-testid="messages"]');
  if (!list) return;
  const box = el.getBoundingClientRect();
  const view = list.getBoundingClientRect();
  const margin = 16;
  if (box.top < view.top + margin) list.scrollTop -= view.top + margin - box.top;
  else if (box.bottom > view.bottom - margin)
    list.scrollTop += Math.min(box.bottom - view.bottom + margin, box.top - view.top - margin);
}

/** A user message: the text exactly as typed, with Edit and version navigation. */
export function UserMessage({
  message,
  onEdit,
  branch,
  onSwitchBranch,
  busy,
  attachmentBaseUrl,
}: UserMessageProps) {
  // null: not editing; otherwise the text being edited.
  const [draft, setDraft] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();

  const cancel = () => {
    setDraft(null);
    // Focus goes back to where the user started, not to the top of the page.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const canSave = draft !== null && draft.trim() !== '' && !busy;
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSave || !onEdit) return;
    setDraft(null);
    onEdit(message.id, draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
      return;
    }
    // Like the composer: Shift+Enter is a new line, and an IME's Enter picks a candidate.
    if (!isSendKey(event)) return;
    event.preventDefault();
    save();
  };

  if (draft !== null) {
    return (
      <form onSubmit={save} className="flex w-full flex-col items-end gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Edit message
        </label>
        <textarea
          id={fieldId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          ref={(el) => {
            // Caret at the end, once, when the editor opens.
            if (el && el.dataset.opened !== '1') {
              el.dataset.opened = '1';
              // focus() alone scrolls every ancestor, the page's fixed frame included, which
              // pushed the box under the header: only the message list moves, just enough.
              el.focus({ preventScroll: true });
              el.setSelectionRange(el.value.length, el.value.length);
              revealInList(el);
            }
          }}
          rows={2}
          className="max-h-80 min-h-16 w-full max-w-[85%] resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base leading-6 [field-sizing:content] focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <div className="flex items-center gap-2">
          <button type="button" onClick={cancel} className={smallButton}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={!canSave}
            className="rounded-md bg-zinc-900 px-2.5 py-1 text-xs font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            Save & submit
          </button>
        </div>
      </form>
    );
  }

  const showNav = branch !== undefined && branch.count > 1 && onSwitchBranch !== undefined;
  return (
    <>
      {message.attachments?.length ? (
        <MessageAttachments attachments={message.attachments} baseUrl={attachmentBaseUrl} />
      ) : null}
      {/* Shown exactly as typed: never parsed as markdown or HTML. */}
      {message.content || !message.attachments?.length ? (
        <div className="max-w-[85%] rounded-2xl bg-zinc-100 px-4 py-2.5 whitespace-pre-wrap break-words text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
          {message.content}
        </div>
      ) : null}
      {showNav || onEdit ? (
        <div className="flex items-center gap-1">
          {showNav ? <BranchNav branch={branch} onSwitch={onSwitchBranch} disabled={busy} /> : null}
          {onEdit ? (
            <button
              ref={editButton}
              type="button"
              onClick={() => setDraft(message.content)}
              disabled={busy}
              className={smallButton}
            >
              Edit
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
