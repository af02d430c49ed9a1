/** `replay` scenario: byte-exact playback of a recorded `.sse` fixture, cut into chosen socket writes. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { intParam, MockSpecError } from './marker';
import type { Params, Plan } from './types';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function defaultFixturesDir(): string {
  return process.env.STREAM_FIXTURES || path.join(REPO_ROOT, 'e2e/fixtures/streams');
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.sse$/;

/** Only plain file names inside `dir`: no separators, no `..`, no absolute paths. */
export function fixturePath(dir: string, file: string): string {
  if (!FILE_NAME.test(file) || file.includes('..')) {
    throw new MockSpecError(`mock: invalid replay file "${file}" (expected NAME.sse)`);
  }
  const root = path.resolve(dir);
  const full = path.resolve(root, file);
  if (path.dirname(full) !== root) {
    throw new MockSpecError(`mock: replay file "${file}" is outside the fixtures folder`);
  }
  if (!existsSync(full))
    throw new MockSpecError(`mock: replay file "${file}" not found in ${root}`);
  return full;
}

/** `read_boundaries` recorded for `file` in the fixtures' expected.json, if any. */
function expectedBoundaries(dir: string, file: string): number[] {
  const expectedPath = path.join(dir, 'expected.json');
  if (!existsSync(expectedPath)) return [];
  const expected: unknown = JSON.parse(readFileSync(expectedPath, 'utf8'));
  if (typeof expected !== 'object' || expected === null) return [];
  const entry: unknown = Reflect.get(expected, file);
  if (typeof entry !== 'object' || entry === null || !('read_boundaries' in entry)) return [];
  const list = entry.read_boundaries;
  return Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : [];
}

function parseCuts(params: Params, dir: string, file: string, length: number): number[] {
  const raw = params.boundaries;
  const every = intParam(params, 'every', 0, 0, length);
  let cuts: number[] = [];
  if (raw === 'expected') cuts = expectedBoundaries(dir, file);
  else if (raw !== undefined && raw !== '') {
    cuts = raw.split(',').map((s) => {
      const n = Number(s);
      if (!Number.isInteger(n)) throw new MockSpecError(`mock: bad boundary "${s}"`);
      return n;
    });
  }
  if (every > 0) for (let at = every; at < length; at += every) cuts.push(at);
  const bad = cuts.find((n) => n <= 0 || n >= length);
  if (bad !== undefined) {
    throw new MockSpecError(`mock: boundary ${bad} is outside (0, ${length}) for ${file}`);
  }
  return [...new Set(cuts)].sort((a, b) => a - b);
}

export function loadReplay(params: Params, fixturesDir: string): Plan {
  const file = params.file;
  if (!file) throw new MockSpecError('mock: replay needs file=NAME.sse');
  const bytes = new Uint8Array(readFileSync(fixturePath(fixturesDir, file)));
  return {
    kind: 'replay',
    bytes,
    cuts: parseCuts(params, fixturesDir, file, bytes.length),
    delayMs: intParam(params, 'delay', 5, 0, 60_000),
  };
}

/** The pieces written to the socket, in order; concatenated they are exactly `bytes`. */
export function cutBytes(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const edges = [0, ...cuts, bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}
