// Page objects for sharing. The contract the UI implements:
// - the chat header has a "Share" button opening a dialog named "Share conversation";
// - the dialog shows the link in a textbox named "Share link", with "Copy link", "Update link"
//   and "Revoke link" buttons, a "Create link" button before the first share, a checkbox
//   "Allow search engines to index", and a "Your shared links" list;
// - the shared page /s/[id] shows the messages as `article[data-role]`, tool calls as
//   `details[data-testid="tool-call"]`, and a "Continue this conversation" button (a form).
import { expect, type Locator, type Page } from '@playwright/test';

export class ShareDialog {
  readonly dialog: Locator;
  readonly linkBox: Locator;
  readonly createButton: Locator;
  readonly updateButton: Locator;
  readonly revokeButton: Locator;
  readonly indexable: Locator;
  readonly myLinks: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Share conversation' });
    this.linkBox = this.dialog.getByRole('textbox', { name: 'Share link' });
    this.createButton = this.dialog.getByRole('button', { name: 'Create link' });
    this.updateButton = this.dialog.getByRole('button', { name: 'Update link' });
    this.revokeButton = this.dialog.getByRole('button', { name: 'Revoke link', exact: true });
    this.indexable = this.dialog.getByRole('checkbox', { name: 'Allow search engines to index' });
    this.myLinks = this.dialog.getByRole('region', { name: 'Your shared links' });
  }

  /** Opens the dialog from the conversation header. */
  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Creates the link (the dialog must be open) and returns its URL. */
  async create(): Promise<string> {
    await this.createButton.click();
    await expect(this.linkBox).toHaveValue(/\/s\/[A-Za-z0-9_-]{22,}$/);
    return this.linkBox.inputValue();
  }

  async revoke(): Promise<void> {
    await this.revokeButton.click();
    await expect(this.createButton).toBeVisible();
  }
}

export class SharedPage {
  readonly messages: Locator;
  readonly toolCards: Locator;
  readonly forkButton: Locator;
  readonly composer: Locator;

  constructor(readonly page: Page) {
    this.messages = page.locator('article[data-role]');
    this.toolCards = page.locator('details[data-testid="tool-call"]');
    this.forkButton = page.getByRole('button', { name: 'Continue this conversation' });
    this.composer = page.getByRole('textbox', { name: 'Message' });
  }

  /** Opens a shared link and checks it answered 200. */
  async goto(url: string): Promise<void> {
    const response = await this.page.goto(url);
    expect(response?.status()).toBe(200);
  }

  /** The id at the end of a shared link. */
  static idOf(url: string): string {
    const id = new URL(url).pathname.split('/').at(-1);
    if (!id) throw new Error(`not a shared link: ${url}`);
    return id;
  }
}
