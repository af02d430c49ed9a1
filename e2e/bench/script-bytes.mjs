// The JavaScript a page loads before it is interactive: every <script src> in its HTML that a
// modern browser runs, fetched and measured raw and gzipped (level 9). Shared by
// first-load-js.mjs and `npm run bench`.
import { gzipSync } from 'node:zlib';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The body of a GET; a kept-alive connection the server has just closed is tried again. */
async function get(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (attempt === 3 || error.cause?.code !== 'ECONNRESET') throw error;
      await sleep(100);
    }
  }
}

/**
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {string} path e.g. /
 * @returns {Promise<{ scripts: number, raw: number, gzip: number }>} sizes in bytes
 */
export async function pageScripts(base, path) {
  const html = (await get(base + path)).toString('utf8');
  // `nomodule` scripts (Next's legacy polyfills) are never fetched by a browser that runs modules.
  const tags = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  const loaded = tags.filter((tag) => !/\snomodule\b/i.test(tag));
  const srcs = [
    ...new Set(loaded.map((tag) => /\ssrc="([^"]+)"/.exec(tag)?.[1]).filter((src) => src)),
  ];
  if (srcs.length === 0) throw new Error(`${path}: no scripts in the page (not the app?)`);
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = await get(new URL(src, base));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { scripts: srcs.length, raw, gzip };
}
