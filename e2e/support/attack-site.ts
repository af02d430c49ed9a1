// A hostile page on a second loopback origin (another port): it form-posts and fetches to every
// state-changing route of the app, the way another site could while the user's tab is open.
import { createServer, type Server } from 'node:http';
import { apiRoutes, STATE_CHANGING } from './api-routes';

export interface AttackTarget {
  method: string;
  url: string;
}

/** Every state-changing route on disk, its path parameters filled with the victim's ids. */
export function attackTargets(appUrl: string, ids: (param: string, pattern: string) => string) {
  return apiRoutes().flatMap((route) =>
    route.methods
      .filter((method) => STATE_CHANGING.includes(method))
      .map((method) => ({
        method,
        url: `${appUrl}${route.pattern.replace(/\[(\w+)\]/g, (_, param: string) => ids(param, route.pattern))}`,
      })),
  );
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page: for each POST route a urlencoded form and a text/plain form whose body reads as JSON,
 * each into a hidden frame; then fetch() for every route and method (no-cors where the browser
 * allows it, and CORS with a JSON body, which needs a preflight the app never grants). The title
 * becomes "done" when everything was sent. A last form (id "top") posts as a top-level navigation.
 */
export function attackPage(targets: AttackTarget[], token: string): string {
  const jsonish = `{"content":"pwned ${token}","approve":true,"title":"pwned ${token}","messageId":"00000000-0000-4000-8000-000000000000","x":"`;
  const forms = targets
    .filter((t) => t.method === 'POST')
    .flatMap((t, i) => [
      `<form method="post" action="${esc(t.url)}" target="f${i}a"><input name="content" value="pwned ${token}"></form><iframe name="f${i}a"></iframe>`,
      `<form method="post" enctype="text/plain" action="${esc(t.url)}" target="f${i}b"><input name="${esc(jsonish)}" value='"}'></form><iframe name="f${i}b"></iframe>`,
    ])
    .join('\n');
  const chat = targets.find((t) => t.url.endsWith('/api/chat'))?.url ?? '';
  const script = `
const targets = ${JSON.stringify(targets)};
const body = ${JSON.stringify(JSON.stringify({ content: `pwned ${token}`, approve: true, title: `pwned ${token}` }))};
function framed(form) {
  return new Promise((resolve) => {
    const frame = document.getElementsByName(form.target)[0];
    const timer = setTimeout(resolve, 15000);
    frame.addEventListener('load', () => { clearTimeout(timer); resolve(); }, { once: true });
    form.submit();
  });
}
async function attempt(init, url) {
  try { await fetch(url, init); } catch (e) { /* refused by the browser: nothing was sent */ }
}
(async () => {
  // Each form posts into a frame of its own, so all of them go at once.
  await Promise.all(Array.from(document.forms).filter((f) => f.id !== 'top').map(framed));
  await Promise.all(targets.flatMap((t) => [
    attempt({ method: t.method, mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }, t.url),
    attempt({ method: t.method, mode: 'cors', credentials: 'include', headers: { 'content-type': 'application/json' }, body }, t.url),
  ]));
  document.title = 'done';
})();`;
  return `<!doctype html><html><head><title>attack</title></head><body>
${forms}
<form id="top" method="post" enctype="text/plain" action="${esc(chat)}"><input name="${esc(jsonish)}" value='"}'></form>
<script>${script}</script></body></html>`;
}

/** Serves `html` at every path on 127.0.0.1 (reachable as 127.0.0.1 and as localhost). */
export async function serveAttack(
  html: () => string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('attack server has no port');
  return {
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
