// Page object for /admin. The contract the UI implements:
// - a heading "Admin"; sections named by headings: Usage, Answers being written, Providers,
//   Accounts, Guests, Audit log;
// - a period group "Period (UTC)" of toggle buttons Today, 7 days, 30 days, Custom (dates
//   labelled From and To, then Show);
// - two charts, figures named "Input tokens per day" and "Output tokens per day", and a toggle
//   "By model" / "By provider";
// - tables named "Top users", "By day", "By model", "By provider": a button in each column
//   header sorts (aria-sort on the header), "Download CSV of <table>" downloads it;
// - each account a list item with "Disable <email>" / "Enable <email>", "Delete <email>", and a
//   number field "Daily token budget for <email>" with "Save budget for <email>";
// - each live answer a list item with "Stop the answer for <email>".
import { expect, type Locator, type Page } from '@playwright/test';

export class AdminPage {
  readonly heading: Locator;
  readonly usage: Locator;
  readonly accounts: Locator;
  readonly live: Locator;
  readonly audit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Admin' });
    this.usage = page.getByRole('region', { name: 'Usage' });
    this.accounts = page.getByRole('region', { name: 'Accounts' });
    this.live = page.getByRole('region', { name: 'Answers being written' });
    this.audit = page.getByRole('region', { name: 'Audit log' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin');
    await this.ready();
  }

  /** The page has hydrated: its first usage answer is on screen (the tables come from it). */
  async ready(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.table('By provider')).toBeVisible();
  }

  async choosePeriod(name: 'Today' | '7 days' | '30 days'): Promise<void> {
    const button = this.usage.getByRole('button', { name, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(this.usage).toHaveAttribute('aria-busy', 'false');
  }

  table(name: string): Locator {
    return this.page.getByRole('table', { name, exact: true });
  }

  /** The table's body rows as text, cell by cell. */
  async rows(name: string): Promise<string[][]> {
    const rows = this.table(name).locator('tbody tr');
    return rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
  }

  /**
   * The account's list item, found with the search box. It returns once the search's own
   * answer is listed (every row matches), not while the unsearched list is still shown: a click
   * on a row of that list could land on whatever takes its place when the answer arrives.
   */
  async account(email: string): Promise<Locator> {
    await this.accounts.getByRole('searchbox', { name: 'Find an account' }).fill(email);
    const rows = this.accounts.getByRole('listitem');
    await expect(rows.filter({ hasNotText: email })).toHaveCount(0);
    const item = rows.filter({ hasText: email });
    await expect(item).toHaveCount(1);
    return item;
  }
}
