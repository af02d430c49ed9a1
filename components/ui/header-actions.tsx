'use client';
import { ExportItems, ExportMenu } from '@/components/chat/export-menu';
import { MyDataButton, openMyData } from './my-data-dialog';
import { Menu, MenuItem, MenuRadioGroup } from './menu';
import { openShortcutsHelp, ShortcutsButton } from './shortcuts-dialog';
import { THEME_OPTIONS, ThemeToggle, useThemeChoice } from './theme-toggle';
import { saveThemeChoice } from '@/lib/theme';

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
        <Menu trigger={<span aria-hidden="true">⋯</span>} triggerLabel="More">
          {(close) => (
            <>
              {conversationId ? (
                <ExportItems conversationId={conversationId} onDone={close} />
              ) : null}
              <MenuItem
                onSelect={() => {
                  close();
                  openMyData();
                }}
              >
                My data
              </MenuItem>
              <MenuItem
                onSelect={() => {
                  close();
                  openShortcutsHelp();
                }}
              >
                Keyboard shortcuts
              </MenuItem>
              <ThemeItems />
            </>
          )}
        </Menu>
      </div>
    </>
  );
}

/** The theme as a choice of three inside the More menu (the header has its select). */
function ThemeItems() {
  const choice = useThemeChoice();
  return (
    <MenuRadioGroup
      label="Theme"
      options={THEME_OPTIONS}
      value={choice}
      onChange={saveThemeChoice}
    />
  );
}
