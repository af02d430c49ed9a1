// Page object for /assistants: the list of assistants and the editor.
import { expect, type Locator, type Page } from '@playwright/test';

export interface AssistantFields {
  name: string;
  emoji?: string;
  description?: string;
  systemPrompt: string;
  /** `provider/model` as the model select's value. */
  model?: string;
  temperature?: string;
  topP?: string;
  maxTokens?: string;
  /** The only tools left on. */
  tools?: string[];
  file?: { name: string; text: string };
  starters?: string[];
}

export class AssistantsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/assistants');
    await expect(this.page.getByRole('heading', { name: 'Assistants', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async create(fields: AssistantFields): Promise<void> {
    await this.page.getByRole('button', { name: 'New assistant' }).click();
    const form = this.page.getByRole('form', { name: 'New assistant' });
    await this.fill(form, fields);
    await form.getByRole('button', { name: 'Create assistant' }).click();
    await expect(this.card(fields.name)).toBeVisible();
  }

  async fill(form: Locator, f: AssistantFields): Promise<void> {
    await form.getByLabel('Name', { exact: true }).fill(f.name);
    if (f.emoji !== undefined) await form.getByLabel('Emoji').fill(f.emoji);
    if (f.description !== undefined) await form.getByLabel('Description').fill(f.description);
    await form.getByLabel('System prompt').fill(f.systemPrompt);
    if (f.model) await form.getByLabel('Model').selectOption(f.model);
    if (f.temperature) await form.getByLabel('Temperature').fill(f.temperature);
    if (f.topP) await form.getByLabel('Top P').fill(f.topP);
    if (f.maxTokens) await form.getByLabel('Max tokens').fill(f.maxTokens);
    if (f.tools) {
      const group = form.getByRole('group', { name: 'Tools it may use' });
      for (const box of await group.getByRole('checkbox').all()) {
        const name = (await box.locator('xpath=..').textContent())?.trim() ?? '';
        await box.setChecked(f.tools.includes(name));
      }
    }
    if (f.file) {
      await form.getByLabel('Add a file').setInputFiles({
        name: f.file.name,
        mimeType: 'text/plain',
        buffer: Buffer.from(f.file.text),
      });
      await expect(form.getByRole('button', { name: `Remove ${f.file.name}` })).toBeVisible();
    }
    for (const [i, s] of (f.starters ?? []).entries()) {
      await form.getByLabel(`Starter ${i + 1}`).fill(s);
    }
  }

  async edit(name: string, change: (form: Locator) => Promise<void>): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = this.page.getByRole('form', { name: `Edit ${name}` });
    await change(form);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
  }
}
