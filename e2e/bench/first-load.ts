// First-load rows of `npm run bench`: the JavaScript (gzipped) the chat page `/` and a shared page
// `/s/<id>` load before they are interactive, as a new visitor gets them.
import { guestCookie } from './bench-live';
import { finite, atMost, type Row } from './report';
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

export async function benchFirstLoad(appUrl: string): Promise<Row[]> {
  console.log('first-load: measuring the scripts of / and of a shared page…');
  const chat = await pageScripts(appUrl, '/');
  const shared = await pageScripts(appUrl, await sharedPath(appUrl));
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
      id: 'firstLoad.shared',
      group: GROUP,
      label: 'first-load JavaScript, shared page /s/<id> (gzip)',
      value: kb(shared.gzip),
      unit: 'KB',
      note: `${shared.scripts} scripts, ${(shared.raw / 1024).toFixed(0)} KB raw`,
    },
  ];
}
