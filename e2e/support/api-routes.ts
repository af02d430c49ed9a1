// Every route handler under app/api, read from disk: the security tests are generated from this
// list, so a new route (or a new method on one) fails them until it is covered.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const METHOD =
  /export\s+(?:const|async\s+function|function)\s+(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g;

export interface ApiRoute {
  /** e.g. app/api/conversations/[id]/route.ts */
  file: string;
  /** e.g. /api/conversations/[id] */
  pattern: string;
  methods: string[];
}

export function apiRoutes(root = ROOT): ApiRoute[] {
  const dir = join(root, 'app', 'api');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((path) => path === 'route.ts' || path.endsWith(`${sep}route.ts`))
    .map((path) => {
      const file = join('app', 'api', path).split(sep).join('/');
      const source = readFileSync(join(root, file), 'utf8');
      const methods = [...new Set([...source.matchAll(METHOD)].map((m) => m[1] as string))];
      const pattern = `/${file.replace(/\/route\.ts$/, '').replace(/^app\//, '')}`;
      return { file, pattern, methods: methods.sort() };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

export const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];
