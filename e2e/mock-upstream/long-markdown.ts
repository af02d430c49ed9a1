/**
 * `[[mock:markdown tokens=N]]`: a realistic markdown answer of exactly N word-ish tokens
 * (headings, paragraphs with inline marks, lists, tables and fenced code), for benchmarks of how
 * the browser renders a long streamed answer. About 6.5 characters per token, like prose.
 * It starts with "Benchmark" and ends with "That is the whole answer." so a harness can see the
 * first token arrive and the last one land.
 */
import { splitTokens } from './texts';

const INTRO = 'Benchmark answer follows, with the usual mix of prose, lists, tables and code.\n\n';
const CLOSING = '\n\nThat is the whole answer.';

function section(n: number): string {
  return [
    `## Part ${n}: measuring the renderer`,
    '',
    `The **streaming** answer grows one token at a time, so every paragraph is re-parsed while it is written. Part ${n} keeps a [link](https://example.com/part-${n}) and \`inline code\` in the text to exercise *inline* marks as well.`,
    '',
    `- first point of part ${n}, short`,
    '- second point, with **bold** words and a longer explanation that wraps across a line or two',
    '- third point: `npm run bench` prints the table',
    '',
    '| Measure | Value | Budget |',
    '| --- | ---: | ---: |',
    `| main thread | ${n * 10} ms | 2000 ms |`,
    `| DOM nodes | ${n * 100} | flat |`,
    '',
    '```ts',
    `export function part${n}(values: number[]): number {`,
    '  const sorted = [...values].sort((a, b) => a - b);',
    '  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;',
    '}',
    '```',
    '',
    'A closing paragraph for this part explains what the code does and why the median is used: single runs on a shared machine are noisy, and the middle value ignores the outliers on both sides.',
  ].join('\n');
}

/** Exactly `count` tokens (by the mock's word-ish split), ending with the closing sentence. */
export function longMarkdownTokens(count: number): string[] {
  const intro = splitTokens(INTRO);
  const closing = splitTokens(CLOSING);
  if (count <= intro.length + closing.length) {
    return [...intro, ...closing].slice(0, count);
  }
  const body: string[] = [];
  for (let n = 1; ; n++) {
    const next = splitTokens(`${n === 1 ? '' : '\n\n'}${section(n)}`);
    if (intro.length + body.length + next.length + closing.length > count) break;
    body.push(...next);
  }
  const filler = count - intro.length - body.length - closing.length;
  const words = Array.from({ length: filler }, (_, i) =>
    i === 0 ? `\n\nFinally${filler === 1 ? '.' : ''}` : i === filler - 1 ? ' done.' : ' more',
  );
  return [...intro, ...body, ...words, ...closing];
}
