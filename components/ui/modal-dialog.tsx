'use client';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass } from './styles';

interface Props {
  title: string;
  /** Tailwind width, e.g. 'w-[min(36rem,calc(100vw-2rem))]'. */
  widthClass: string;
  onClose(): void;
  /** Gets a function that closes the dialog (running onClose), for actions that finish it. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A modal <dialog> opened on mount: the browser traps focus, Escape closes it, and focus returns
 * to where it was. Named by its heading; a Close button in the corner.
 */
export function ModalDialog({ title, widthClass, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => ref.current?.close();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control (Close); a form inside may name its first field.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      // whitespace-normal: opened from the header, whose controls never wrap.
      className={`m-auto ${widthClass} rounded-xl whitespace-normal border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      <div className="flex max-h-[85dvh] flex-col gap-4 overflow-y-auto p-5">
        <div className="flex items-start gap-3">
          <h2 id={titleId} className="flex-1 text-lg font-semibold">
            {title}
          </h2>
          <button type="button" className={buttonClass} onClick={close}>
            Close
          </button>
        </div>
        {typeof children === 'function' ? children(close) : children}
      </div>
    </dialog>
  );
}
