// `npm run test:vercel`, step 2: what `vercel build` (e2e/vercel/build.mjs) generated for the
// functions that generate and follow answers. Vercel deploys exactly this output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS = join(ROOT, '.vercel', 'output', 'functions');

interface VcConfig {
  runtime?: string;
  maxDuration?: number;
  supportsResponseStreaming?: boolean;
  filePathMap?: Record<string, string>;
}

function vcConfig(route: string): VcConfig {
  const file = join(FUNCTIONS, `${route}.func`, '.vc-config.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`node e2e/vercel/build.mjs\` (npm run test:vercel)`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as VcConfig;
}

/** The `maxDuration` a route file exports (seconds). */
function declaredMaxDuration(routeFile: string): number {
  const source = readFileSync(join(ROOT, routeFile), 'utf8');
  const match = /export const maxDuration = (\d+);/.exec(source);
  if (!match?.[1]) throw new Error(`${routeFile} does not export maxDuration`);
  return Number(match[1]);
}

// The routes that run a model, and the one that follows a live answer from any instance
// (a reload, a second tab): each function must stream and may run for five minutes.
const STREAMING_FUNCTIONS = [
  { route: 'api/chat', file: 'app/api/chat/route.ts' },
  { route: 'api/chat/tools/[toolMessageId]', file: 'app/api/chat/tools/[toolMessageId]/route.ts' },
  { route: 'api/conversations/[id]/stream', file: 'app/api/conversations/[id]/stream/route.ts' },
];

describe('vercel build output', () => {
  it.each(STREAMING_FUNCTIONS)(
    '$route streams, on Node.js 24, with maxDuration 300 s',
    ({ route, file }) => {
      const config = vcConfig(route);
      expect(config.supportsResponseStreaming).toBe(true);
      expect(config.runtime).toBe('nodejs24.x');
      // The README documents 300 s (what Hobby allows) and what happens to longer answers.
      expect(declaredMaxDuration(file)).toBe(300);
      expect(config.maxDuration).toBe(300);
    },
  );

  it('ships the migrations and the embedded database with the functions that use them', () => {
    const migrations = readdirSync(join(ROOT, 'drizzle')).filter((name) => name.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(0);
    for (const route of ['api/chat', 'api/health', 'api/conversations']) {
      const files = Object.keys(vcConfig(route).filePathMap ?? {});
      expect(files, route).toContain('drizzle/meta/_journal.json');
      for (const name of migrations) expect(files, route).toContain(`drizzle/${name}`);
      // PGlite runs in a worker thread that Node loads by path, with the extension it imports.
      expect(files, route).toContain('lib/server/db/pglite-worker.mjs');
      expect(files, route).toContain('node_modules/@electric-sql/pglite/dist/index.js');
      expect(files, route).toContain('node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js');
      expect(files, route).toContain('node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz');
    }
  });

  it('ships the PDF reader (a worker file Node loads by path) and pdf.js with the routes that read files', () => {
    for (const route of ['api/attachments', 'api/import']) {
      const files = Object.keys(vcConfig(route).filePathMap ?? {});
      expect(files, route).toContain('lib/server/attachments/pdf-worker.mjs');
      expect(files, route).toContain('node_modules/unpdf/dist/index.mjs');
      expect(files, route).toContain('node_modules/unpdf/dist/pdfjs.mjs');
      expect(files, route).toContain('node_modules/unpdf/package.json');
    }
  });
});
