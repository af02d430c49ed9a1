'use client';
import { ExportItems, ExportMenu } from '@/components/chat/export-menu';
import { MyDataButton, openMyData } from './my-data-dialog';
import { itemClass, PopoverMenu } from './popover-menu';
import { openShortcutsHelp, ShortcutsButton } from './shortcuts-dialog';
import { ThemeToggle } from './theme-toggle';

/**
 * Export, My data, Theme and Keyboard shortcuts in the chat header. In a wide chat column they sit
 * in the header; in a narrow one (a phone, or beside the sidebar) they fold into one "More"
 * popover so the header's controls stay on one line.
 */
export function HeaderActions({ conversationId }: { conversationId: string | null }) {
  return (
    <>
      <div className="hidden items-center gap-2 @3xl:flex">
        {conversationId ? <ExportMenu conversationId={conversationId} /> : null}
        <MyDataButton />
        <ThemeToggle />
        <ShortcutsButton />
      </div>
      <div className="@3xl:hidden">
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
