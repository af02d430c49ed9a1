'use client';
import { useEffect, useRef, useState } from 'react';
import { MAX_TITLE_LENGTH } from '@/lib/chat/title-text';

interface Props {
  initial: string;
  /** `viaKeyboard`: Enter or Escape (focus goes back to the row), not a click elsewhere. */
  onDone(result: { title: string | null; viaKeyboard: boolean }): void;
}

/** Inline title editor: Enter or leaving the field saves, Escape cancels. */
export function RenameForm({ initial, onDone }: Props) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const finish = (save: boolean, viaKeyboard: boolean) => {
    if (finished.current) return;
    finished.current = true;
    const title = value.replace(/\s+/g, ' ').trim();
    onDone({ title: save && title !== '' && title !== initial ? title : null, viaKeyboard });
  };

  return (
    <form
      className="px-1 py-0.5"
      onSubmit={(e) => {
        e.preventDefault();
        finish(true, true);
      }}
    >
      <input
        ref={input}
        aria-label="Conversation title"
        value={value}
        maxLength={MAX_TITLE_LENGTH}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => finish(true, false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Cancels the edit only (the drawer, if open, stays).
            e.preventDefault();
            finish(false, true);
          }
        }}
        className="w-full rounded-md border border-blue-500 bg-white px-2 py-1 text-sm outline-none dark:bg-zinc-950"
      />
    </form>
  );
}
