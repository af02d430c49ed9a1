import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The import check (`npm run lint:imports`) holds the layers inside lib/server (README, "How
// Parley is built"): a module imports from its own layer and those below, never one above. These
// tests add a real upward import in a throwaway file and run the real check on it.

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const probes: string[] = [];

async function importCheck(...files: string[]): Promise<{ code: number; output: string }> {
  const bin = path.join(root, 'node_modules/.bin/depcruise');
  try {
    const { stdout } = await run(
      bin,
      ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...files],
      { cwd: root },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, output: stdout };
  }
}

/** Writes a module at `where` (under lib/server) that imports `target`. */
async function probe(where: string, target: string): Promise<string> {
  const file = `lib/server/${where}/upward-probe-${process.pid}-${probes.length}.ts`;
  probes.push(file);
  await writeFile(path.join(root, file), `import '${target}';\n`);
  return file;
}

afterEach(async () => {
  await Promise.all(probes.splice(0).map((f) => rm(path.join(root, f), { force: true })));
});

describe('the layers inside lib/server', () => {
  it.each([
    ['config', '@/lib/server/db/repository', 'server-layer-foundations'],
    ['log', '@/lib/server/chat/title', 'server-layer-foundations'],
    ['db', '@/lib/server/providers/registry', 'server-layer-storage'],
    ['chat', '@/lib/server/http/identity', 'server-layer-domain'],
    ['tools', '@/lib/server/share/http', 'server-layer-domain'],
  ])(
    'refuses an import from %s up to %s (%s)',
    async (where, target, rule) => {
      const file = await probe(where, target);
      const { code, output } = await importCheck(file);
      expect(code).not.toBe(0);
      expect(output).toContain(`${rule}: ${file}`);
    },
    60_000,
  );

  it('refuses a module under lib/server that sits in no layer', async () => {
    const file = await probe('.', '@/lib/server/log');
    const { code, output } = await importCheck(file);
    expect(code).not.toBe(0);
    expect(output).toContain(`server-module-in-a-layer: ${file.replace('/./', '/')}`);
  }, 60_000);

  it('accepts the same imports downward', async () => {
    const files = [
      await probe('http', '@/lib/server/chat/title'),
      await probe('chat', '@/lib/server/db/repository'),
      await probe('db', '@/lib/server/config'),
    ];
    const { code, output } = await importCheck(...files);
    expect(output).not.toContain('error');
    expect(code).toBe(0);
  }, 60_000);
});
