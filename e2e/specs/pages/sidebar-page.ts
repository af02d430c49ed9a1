// Page object for the history sidebar. The contract the UI implements:
// - a region (aside) named "Conversations": a "New chat" link, a search box named "Search
//   conversations", and the list in a navigation landmark;
// - conversations grouped under headings "Today", "Yesterday", "Previous 7 days", "Older";
//   each row (`data-testid="conversation-row"`) is a link to /c/[id] (aria-current="page" for
//   the open one) with buttons "Rename “title”" and "Delete “title”";
// - renaming edits inline in a textbox named "Conversation title" (Enter saves, Escape cancels);
// - deleting shows a toast "Conversation deleted" with an "Undo" button;
// - below 768 px the sidebar is a drawer (a dialog) opened by a button named "Conversations".
import { expect, type Locator, type Page } from '@playwright/test';

export class Sidebar {
  readonly root: Locator;
  readonly newChat: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly current: Locator;
  readonly toast: Locator;
  readonly drawerButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('aside#sidebar');
    this.newChat = this.root.getByRole('link', { name: 'New chat', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Search conversations' });
    this.rows = this.root.getByTestId('conversation-row');
    this.current = this.root.locator('a[aria-current="page"]');
    this.toast = page.getByTestId('toast');
    this.drawerButton = page.getByRole('button', { name: 'Conversations' });
  }

  /** The row whose link text contains `text`. */
  row(text: string | RegExp): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name: text }) });
  }

  /** The row of the open conversation. */
  currentRow(): Locator {
    return this.rows.filter({ has: this.page.locator('a[aria-current="page"]') });
  }

  /** The group section under the heading `label`. */
  group(label: 'Today' | 'Yesterday' | 'Previous 7 days' | 'Older'): Locator {
    return this.root.getByRole('region', { name: label });
  }

  async rename(row: Locator, to: string): Promise<void> {
    await row.hover();
    await row.getByRole('button', { name: /^Rename/ }).click();
    const box = this.root.getByRole('textbox', { name: 'Conversation title' });
    await expect(box).toBeFocused();
    await box.fill(to);
    await box.press('Enter');
    await expect(box).toHaveCount(0);
  }

  async delete(row: Locator): Promise<void> {
    await row.hover();
    await row.getByRole('button', { name: /^Delete/ }).click();
  }
}
