// Conformance of the stream core against a folder of recorded streams (`*.sse` + expected.json,
// format in that folder's README). Folder: env STREAM_FIXTURES (relative to the cwd), default
// e2e/fixtures/streams. Random read splits come from env STREAM_SEED (default below); every
// failure message names the seed and the split points needed to reproduce it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialStreamState, type StreamState, step } from './accumulate';
import {
  actualChoices,
  type ExpectedCase,
  expectedStatus,
  finalStatus,
  hashString,
  parseSeed,
  projectError,
  randomSplitSets,
  readExpectedCase,
} from './testing/conformance-support';
import { foldSSE, splitAt } from './testing/fold-sse';

const DEFAULT_SEED = 20250512;
const RANDOM_SETS = 20;

const dir = process.env.STREAM_FIXTURES
  ? resolve(process.env.STREAM_FIXTURES)
  : fileURLToPath(new URL('../../e2e/fixtures/streams', import.meta.url));
const seed = parseSeed(process.env.STREAM_SEED, DEFAULT_SEED);
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.sse'))
      .sort()
  : [];

function loadExpected(): { cases: Record<string, unknown>; problem: string | null } {
  const path = join(dir, 'expected.json');
  if (!existsSync(path)) return { cases: {}, problem: `${path} does not exist` };
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      return { cases: {}, problem: `${path} is not a JSON object` };
    }
    const cases: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed)) if (!key.startsWith('_')) cases[key] = value;
    return { cases, problem: null };
  } catch (error) {
    return { cases: {}, problem: `${path}: ${(error as Error).message}` };
  }
}

const { cases, problem } = loadExpected();

interface ReadPattern {
  name: string;
  reads: (bytes: Uint8Array) => Uint8Array[];
  /** How to reproduce a failure. */
  repro: string;
}

function oneByteAtATime(bytes: Uint8Array): Uint8Array[] {
  const reads: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) reads.push(bytes.subarray(i, i + 1));
  return reads;
}

function patternsFor(file: string, length: number, expected: ExpectedCase | null): ReadPattern[] {
  const patterns: ReadPattern[] = [
    { name: 'whole', reads: (b) => [b], repro: 'one read' },
    { name: 'one byte at a time', reads: oneByteAtATime, repro: 'one read per byte' },
  ];
  const boundaries = expected?.read_boundaries;
  if (boundaries && boundaries.length > 0) {
    patterns.push({
      name: 'read_boundaries',
      reads: (b) => splitAt(b, boundaries),
      repro: `split points [${boundaries.join(', ')}]`,
    });
  }
  const fileSeed = (seed ^ hashString(file)) >>> 0;
  randomSplitSets(length, fileSeed, RANDOM_SETS).forEach((cuts, i) => {
    patterns.push({
      name: `random split #${i + 1} (seed ${seed})`,
      reads: (b) => splitAt(b, cuts),
      repro: `STREAM_SEED=${seed}, set #${i + 1}, split points [${cuts.join(', ')}]`,
    });
  });
  return patterns;
}

/**
 * While streaming, answer and reasoning only ever grow towards their final text: so no piece of
 * a think tag (or of anything else) ever shows and is taken back later.
 */
function checkGrowth(states: StreamState[], expected: ExpectedCase, context: string): void {
  for (const [n, state] of states.entries()) {
    for (const [key, got] of Object.entries(actualChoices(state))) {
      const want = expected.choices[key];
      if (!want) continue;
      const where = `choice ${key} after event ${n + 1} — ${context}`;
      if (!want.content.startsWith(got.content)) {
        expect(got.content, `content is not a prefix of the final answer, ${where}`).toBe(
          want.content.slice(0, got.content.length),
        );
      }
      const reasoning = got.reasoning ?? '';
      if (!(want.reasoning ?? '').startsWith(reasoning)) {
        expect(reasoning, `reasoning is not a prefix of the final reasoning, ${where}`).toBe(
          (want.reasoning ?? '').slice(0, reasoning.length),
        );
      }
    }
  }
}

/** Everything replaying normalized chunks must reproduce (the rest is provider bookkeeping). */
function comparable(state: StreamState) {
  const {
    toolSlots: _slots,
    doneReceived: _done,
    thinkTags: _tags,
    thinkScans: _scans,
    ...rest
  } = state;
  return rest;
}

function checkAgainst(state: StreamState, expected: ExpectedCase, context: string): void {
  expect(actualChoices(state), `choices — ${context}`).toEqual(expected.choices);
  expect(state.usage, `usage — ${context}`).toEqual(expected.usage);
  if (expected.error) {
    const { expected: want, actual: got } = projectError(expected.error, state.error);
    expect(got, `error — ${context}`).toEqual(want);
  } else {
    expect(state.error, `error (none expected) — ${context}`).toBeNull();
  }
  if (expected.done_received !== null) {
    expect(state.doneReceived, `done_received — ${context}`).toBe(expected.done_received);
  }
  expect(finalStatus(state), `final status — ${context}`).toBe(expectedStatus(expected));
}

describe(`stream fixtures in ${dir}`, () => {
  it('the folder holds at least one .sse file', () => {
    expect(files.length, `no *.sse file in ${dir}`).toBeGreaterThan(0);
  });

  it('expected.json exists and is a JSON object', () => {
    expect(problem).toBeNull();
  });

  it('every expected.json case names an existing .sse file', () => {
    const orphans = Object.keys(cases).filter((name) => !files.includes(name));
    expect(orphans, `expected.json cases without a file in ${dir}`).toEqual([]);
  });

  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    const raw = cases[file];
    let expected: ExpectedCase | null = null;
    let entryProblem: string | null = null;
    if (raw === undefined) entryProblem = `${file} has no entry in ${join(dir, 'expected.json')}`;
    else {
      try {
        expected = readExpectedCase(raw);
      } catch (error) {
        entryProblem = `${file}: ${(error as Error).message}`;
      }
    }

    describe(file, () => {
      it(`${file} › has a valid expected.json entry`, () => {
        expect(entryProblem).toBeNull();
      });

      // Without an entry only the test above fails; the comparisons have nothing to compare to.
      for (const pattern of patternsFor(file, bytes.length, expected)) {
        it.skipIf(expected === null)(`${file} › ${pattern.name}`, () => {
          if (!expected) return;
          const states: StreamState[] = [];
          const { state } = foldSSE(pattern.reads(bytes), { onState: (s) => states.push(s) });
          const context = `${file}, ${pattern.name}: ${pattern.repro}`;
          checkAgainst(state, expected, context);
          checkGrowth(states, expected, context);
        });
      }

      it(`${file} › replaying normalized chunks rebuilds the same state`, () => {
        const original = foldSSE([bytes]);
        // Normalized chunks carry a think block as reasoning_content already.
        let replayed = initialStreamState({ thinkTags: false });
        for (const chunk of original.normalized) replayed = step(replayed, chunk).state;
        expect(comparable(replayed)).toEqual(comparable(original.state));

        // The server forwards normalized chunks as SSE; they must survive that trip too.
        const wire = original.normalized.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('');
        const roundTrip = foldSSE([new TextEncoder().encode(wire)], { thinkTags: false });
        expect(roundTrip.invalid).toEqual([]);
        expect(comparable(roundTrip.state)).toEqual(comparable(original.state));
      });
    });
  }
});
