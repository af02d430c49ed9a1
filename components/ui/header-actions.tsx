'use client';
import { ExportItems, ExportMenu } from '@/components/chat/export-menu';
import { MyDataButton, openMyData } from './my-data-dialog';
import { itemClass, PopoverMenu } from './popover-menu';
import { openShortcutsHelp, ShortcutsButton } from './shortcuts-dialog';
import { ThemeToggle } from './theme-toggle';

/**
 * Export, My data, Theme and Keyboard shortcuts in the chat header. From `sm` up they sit in the
 * header; on a phone they fold into one "More" popover so the header stays on one line.
 */
export function HeaderActions({ conversationId }: { conversationId: string | null }) {
  return (
    <>
      <div className="hidden items-center gap-2 sm:flex">
        {conversationId ? <ExportMenu conversationId={conversationId} /> : null}
        <MyDataButton />
        <ThemeToggle />
        <ShortcutsButton />
      </div>
      <div className="sm:hidden">
        <PopoverMenu trigger={<span aria-hidden="true">⋯</span>} triggerLabel="More">
          {(close) => (
            <div className="flex flex-col gap-1">
              {conversationId ? (
                <ExportItems conversationId={conversationId} onDone={close} />
              ) : null}
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  openMyData();
                }}
              >
                My data
              </button>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  close();
                  openShortcutsHelp();
                }}
              >
                Keyboard shortcuts
              </button>
              <ThemeToggle className="px-3 py-1.5" showLabel />
            </div>
          )}
        </PopoverMenu>
      </div>
    </>
  );
}
