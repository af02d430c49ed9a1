// Totals across test runners, read from their JSON reports in one folder (PARLEY_RESULTS_DIR).
// Vitest writes Jest-style JSON (`--reporter=json --outputFile.json=...`); Playwright its own.
// Usage: node e2e/support/results.mjs DIR   -> prints one line per report, then
//        `Tests: N passed, N failed, N skipped`; exits 1 if anything failed or nothing ran.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {{ passed: number; failed: number; skipped: number }} Counts
 */

/** @returns {Counts | null} null when the file is not a report we know. */
export function readCounts(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (typeof report?.numTotalTests === 'number') {
    // Vitest: failed suites (e.g. a file that does not compile) count as failures too.
    const failedSuites = report.numFailedTestSuites ?? 0;
    return {
      passed: report.numPassedTests ?? 0,
      failed: Math.max(report.numFailedTests ?? 0, failedSuites),
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  if (report?.stats && typeof report.stats.expected === 'number') {
    // Playwright: a flaky test passed only on retry; report it as failed so it gets fixed.
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    const errors = Array.isArray(report.errors) ? report.errors.length : 0;
    return {
      passed: expected,
      failed: unexpected + flaky + (errors && !unexpected ? 1 : 0),
      skipped,
    };
  }
  return null;
}

/** Reads every *.json report in `dir` in name order; a leading `NN-` orders without showing. */
export function collect(dir) {
  let names;
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => ({
      name: basename(name, '.json').replace(/^\d+-/, ''),
      counts: readCounts(join(dir, name)),
    }))
    .filter((entry) => entry.counts !== null);
}

/** @param {Counts} c */
export function formatCounts(c) {
  return `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
}

/** @returns {Counts} */
export function total(entries) {
  return entries.reduce(
    (sum, { counts }) => ({
      passed: sum.passed + counts.passed,
      failed: sum.failed + counts.failed,
      skipped: sum.skipped + counts.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

function main(dir) {
  const entries = collect(dir);
  for (const { name, counts } of entries)
    console.log(`  ${name.padEnd(14)} ${formatCounts(counts)}`);
  const sum = total(entries);
  // This exact shape ("Tests: N passed, N failed, N skipped") is the closing line CI reads.
  console.log(`Tests: ${formatCounts(sum)}`);
  process.exit(sum.failed > 0 || sum.passed === 0 ? 1 : 0);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node e2e/support/results.mjs DIR');
    process.exit(2);
  }
  main(dir);
}
