// First-load rows of `npm run bench`: the JavaScript (gzipped) the chat page `/` and a shared page
// `/s/<id>` load before they are interactive, as a new visitor gets them.
import { gzipSync } from 'node:zlib';
import { guestCookie } from './bench-live';
import { launchChromium } from './browser-session';
import { composerReady } from './browser-page';
import { atMost, finite, type Row } from './report';
import { pageScripts } from './script-bytes.mjs';
import { importSeed, seedArchive, seedConversation } from './seed';

const GROUP = 'first-load';

/** A shared conversation (code, tables, a tool call) to measure the shared page with. */
async function sharedPath(appUrl: string): Promise<string> {
  const cookie = await guestCookie(appUrl);
  const [id] = await importSeed(appUrl, cookie, seedArchive([seedConversation(20, 'Shared')]));
  const res = await fetch(`${appUrl}/api/conversations/${id}/share`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl, cookie },
    body: JSON.stringify({ indexable: false }),
  });
  if (!res.ok) throw new Error(`sharing failed: HTTP ${res.status} ${await res.text()}`);
  const { share } = (await res.json()) as { share: { path: string } };
  return share.path;
}

/**
 * What Chromium really fetched (cold cache, new visitor) until the message box of `/` is usable:
 * also counts chunks the page imports on its own before then, which the HTML does not name.
 */
async function fetchedUntilUsable(appUrl: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer | null>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') bodies.push(r.body().catch(() => null));
    });
    await page.goto(`${appUrl}/`);
    await page.waitForFunction(composerReady, null, { timeout: 60_000 });
    const scripts = (await Promise.all([...bodies])).filter((b): b is Buffer => b !== null);
    const gzip = scripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    return { scripts: scripts.length, gzip };
  } finally {
    await browser.close();
  }
}

export async function benchFirstLoad(appUrl: string): Promise<Row[]> {
  console.log('first-load: measuring the scripts of / and of a shared page…');
  const chat = await pageScripts(appUrl, '/');
  const shared = await pageScripts(appUrl, await sharedPath(appUrl));
  const fetched = await fetchedUntilUsable(appUrl);
  const kb = (n: number) => finite(n / 1024);
  const chatKb = kb(chat.gzip);
  return [
    {
      id: 'firstLoad.chat',
      group: GROUP,
      label: 'first-load JavaScript, chat page / (gzip)',
      value: chatKb,
      unit: 'KB',
      note: `${chat.scripts} scripts, ${(chat.raw / 1024).toFixed(0)} KB raw`,
      budget: atMost(chatKb, 200, 'KB'),
    },
    {
      id: 'firstLoad.chatFetched',
      group: GROUP,
      label: 'JavaScript Chromium fetched until the message box of / is usable (gzip)',
      value: kb(fetched.gzip),
      unit: 'KB',
      note: `${fetched.scripts} scripts`,
    },
    {
      id: 'firstLoad.shared',
      group: GROUP,
      label: 'first-load JavaScript, shared page /s/<id> (gzip)',
      value: kb(shared.gzip),
      unit: 'KB',
      note: `${shared.scripts} scripts, ${(shared.raw / 1024).toFixed(0)} KB raw`,
    },
  ];
}
