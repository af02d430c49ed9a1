// What the chat page and the shared pages load before they are interactive, read from a build
// (no server): per page the gzipped total, the framework's share (React, React DOM, the Next.js
// runtime: the floor no app change removes) and, with source maps, the biggest contributors.
//   PARLEY_BROWSER_SOURCE_MAPS=1 NEXT_DIST_DIR=.next-sm npx next build
//   node e2e/bench/first-load-contents.mjs .next-sm [top=15]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contributors } from './chunk-contents.mjs';
import { firstLoadFiles } from './first-load-manifest.mjs';

const distDir = process.argv[2] || process.env.NEXT_DIST_DIR || '.next-test';
const top = Number(process.argv[3] || 15);
const ROUTES = ['/', '/c/[id]', '/s/[id]'];
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const sum = (files) => files.reduce((total, f) => total + f.gzip, 0);

for (const route of ROUTES) {
  const files = firstLoadFiles(distDir, route);
  const framework = files.filter((f) => f.framework);
  console.log(
    `${route}: ${files.length} scripts, ${kb(sum(files))} gzipped ` +
      `(framework files ${kb(sum(framework))}, app entry chunks ${kb(sum(files) - sum(framework))})`,
  );
  const chunks = files.map((f) => {
    const path = join(distDir, f.file);
    const code = readFileSync(path, 'utf8');
    // The chunk's name changes after its map is written: follow the comment, not the name.
    const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    const mapPath = url && join(dirname(path), url);
    const map = mapPath && existsSync(mapPath) ? readFileSync(mapPath, 'utf8') : null;
    return { code, map, gzip: f.gzip };
  });
  if (!chunks.some((c) => c.map)) {
    console.log('  (no source maps: build with PARLEY_BROWSER_SOURCE_MAPS=1 for contributors)');
    continue;
  }
  for (const { owner, gzip, raw } of contributors(chunks).slice(0, top))
    console.log(`  ${kb(gzip).padStart(9)} ~gzip ${kb(raw).padStart(9)} raw  ${owner}`);
}
