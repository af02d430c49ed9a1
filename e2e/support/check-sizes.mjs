// Size check (`npm run lint`): no source file over 300 lines outside tests, and every route
// handler (an exported GET/POST/… function in app/**/route.ts) under 60 lines. Prints each
// offender and exits 1, so a file that grows too far is split while it is still easy.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAX_FILE_LINES = 300;
const MAX_HANDLER_LINES = 60;
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('e2e/');

function* sources(dir) {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield path;
  }
}

/** Line counts of the exported HTTP handlers in a route file: from `export` to its closing `}`. */
function handlers(text) {
  const lines = text.split('\n');
  const found = [];
  lines.forEach((line, start) => {
    const match = /^export (?:async )?function (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/.exec(
      line,
    );
    if (!match) return;
    const end = lines.findIndex((l, i) => i > start && l === '}');
    found.push({ name: match[1], lines: (end === -1 ? lines.length : end) - start + 1 });
  });
  return found;
}

const problems = [];
for (const top of ['app', 'components', 'lib']) {
  for (const path of sources(top)) {
    const rel = relative(ROOT, join(ROOT, path));
    if (isTest(rel)) continue;
    const text = readFileSync(join(ROOT, path), 'utf8');
    const count = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (count > MAX_FILE_LINES) problems.push(`${rel}: ${count} lines (at most ${MAX_FILE_LINES})`);
    if (/(^|\/)route\.ts$/.test(rel)) {
      for (const h of handlers(text)) {
        if (h.lines >= MAX_HANDLER_LINES)
          problems.push(
            `${rel}: ${h.name} handler is ${h.lines} lines (under ${MAX_HANDLER_LINES})`,
          );
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`Size check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Size check: no file over 300 lines outside tests, every route handler under 60.');
