// The scripts a page of a production build loads before it is interactive, read from the build's
// own manifests (no server): the framework's root files plus the page's entry chunks (its layouts
// and client components). Lazy chunks (import(), next/dynamic) are not in the list: they load
// when used. The noModule polyfill file is left out: browsers that run modules never fetch it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/** The route's entry chunks from its client reference manifest, e.g. route "/c/[id]". */
function entryChunks(distDir, route) {
  const folder = route === '/' ? '' : route;
  const file = join(distDir, 'server/app', folder, 'page_client-reference-manifest.js');
  if (!existsSync(file)) throw new Error(`${file}: missing (not a production build of ${route}?)`);
  const sandbox = { globalThis: {} };
  sandbox.self = sandbox.globalThis;
  runInNewContext(readFileSync(file, 'utf8'), sandbox);
  const manifests = sandbox.globalThis.__RSC_MANIFEST ?? {};
  const manifest = manifests[`${folder}/page`];
  const entries = manifest?.entryJSFiles?.[`[project]/app${folder}/page`];
  if (!entries) throw new Error(`${file}: no entry chunks for ${route}`);
  return entries;
}

/** The framework's own files every page loads first: React, React DOM, the Next.js runtime. */
export function frameworkFiles(distDir) {
  const build = JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8'));
  return build.rootMainFiles;
}

/**
 * @param {string} distDir e.g. ".next-test"
 * @param {string} route an app route, e.g. "/", "/c/[id]", "/s/[id]"
 * @returns {{ file: string, framework: boolean, raw: number, gzip: number }[]}
 */
export function firstLoadFiles(distDir, route) {
  const framework = new Set(frameworkFiles(distDir));
  const files = [...new Set([...framework, ...entryChunks(distDir, route)])];
  return files.map((file) => {
    const body = readFileSync(join(distDir, file));
    return {
      file,
      framework: framework.has(file),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    };
  });
}
