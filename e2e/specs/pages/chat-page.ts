// Page object for the chat UI. The contract the UI implements:
// - composer: a textbox with the accessible name "Message"; buttons named "Send" and "Stop";
// - each message is an `<article data-role="user|assistant|..." data-status="streaming|complete|interrupted|error">`.
import { expect, type Locator, type Page } from '@playwright/test';
import type { MessageStatus, Role } from '@/lib/chat/types';

export class ChatPage {
  readonly composer: Locator;
  readonly sendButton: Locator;
  readonly stopButton: Locator;
  /** Every message in the open conversation, in display order. */
  readonly allMessages: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('textbox', { name: 'Message' });
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
    this.stopButton = page.getByRole('button', { name: 'Stop', exact: true });
    this.allMessages = page.locator('article[data-role]');
  }

  /** Opens the app (a path relative to the project's baseURL, or a full URL) and waits for the composer. */
  async goto(url = '/'): Promise<void> {
    await this.page.goto(url);
    await expect(this.composer).toBeVisible();
    // The message box focuses itself once React has hydrated the page: until then a key press or
    // a focus change made by a test could be undone or typed into the wrong place.
    await expect(this.composer).toBeFocused();
  }

  /** Types `text` into the composer and presses Send. */
  async send(text: string): Promise<void> {
    await this.composer.fill(text);
    await expect(this.sendButton).toBeEnabled();
    await this.sendButton.click();
  }

  /** Messages with the given role (all messages when omitted). */
  messages(role?: Role): Locator {
    return role ? this.page.locator(`article[data-role="${role}"]`) : this.allMessages;
  }

  lastAssistant(): Locator {
    return this.messages('assistant').last();
  }

  lastUser(): Locator {
    return this.messages('user').last();
  }

  /** Waits until the last assistant message has `data-status` = `status`; returns that message. */
  async waitForAssistantStatus(
    status: MessageStatus,
    options: { timeout?: number } = {},
  ): Promise<Locator> {
    const message = this.lastAssistant();
    await expect(message).toHaveAttribute('data-status', status, options);
    return message;
  }

  /** Sends `text` and waits for the reply to settle as `status` (default: complete). */
  async sendAndWait(text: string, status: MessageStatus = 'complete'): Promise<Locator> {
    const before = await this.messages('assistant').count();
    await this.send(text);
    await expect(this.messages('assistant')).toHaveCount(before + 1);
    return this.waitForAssistantStatus(status);
  }
}
