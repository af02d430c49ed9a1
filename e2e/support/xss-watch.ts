// The canary the XSS specs watch: `window.__xss` records calls, dialogs are counted, and any
// request to the canary URL is recorded; the DOM is checked for handlers, script URLs and loaders.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { CANARY_PATH, dangerousDom, XSS_MARKERS } from './xss-corpus';

export interface Canary {
  hits: string[];
}

declare global {
  interface Window {
    __xssHits?: string[];
    __xss?: (id: unknown) => void;
  }
}

export async function watch(context: BrowserContext): Promise<Canary> {
  const canary: Canary = { hits: [] };
  await context.addInitScript(() => {
    window.__xssHits = [];
    window.__xss = (id) => window.__xssHits?.push(String(id));
  });
  context.on('request', (request) => {
    if (request.url().includes(CANARY_PATH)) canary.hits.push(`request ${request.url()}`);
  });
  context.on('page', (page) => watchDialogs(page, canary));
  for (const page of context.pages()) watchDialogs(page, canary);
  return canary;
}

function watchDialogs(page: Page, canary: Canary) {
  page.on('dialog', (dialog) => {
    canary.hits.push(`dialog ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** Nothing ran, nothing loaded, and the DOM holds nothing that could. */
export async function expectInert(page: Page, canary: Canary, where: string) {
  const called = await page.evaluate(() => window.__xssHits ?? []);
  const problems = await page.evaluate(
    ([source, markers]) => {
      const check = new Function(`return (${source})`)() as typeof dangerousDom;
      return check(document, markers);
    },
    [dangerousDom.toString(), [...XSS_MARKERS]] as const,
  );
  expect({ where, called, canary: canary.hits, problems }).toEqual({
    where,
    called: [],
    canary: [],
    problems: [],
  });
}
