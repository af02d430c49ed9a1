import { type Fence, fenceCloses, fenceOpen, mathCloses, mathOpen } from './fences';

// Splits markdown into top-level blocks so a streaming message only re-parses its last block.
// A boundary is a blank line followed by a line that starts at column 0, outside fenced code and
// display math. Indented lines after a blank line stay in the current block (list continuations,
// indented code). Splitting is only an optimisation: when unsure we merge, which is always correct.

// Link reference definitions and footnotes resolve across the whole document, so a text that
// has any is kept whole.
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

const isBlank = (line: string) => line.trim() === '';

export function splitBlocks(text: string): string[] {
  if (DEFINITION.test(text)) {
    const whole = trimBlankLines(text.split('\n'));
    return whole.length > 0 ? [whole.join('\n')] : [];
  }

  const blocks: string[] = [];
  let current: string[] = [];
  let fence: Fence | null = null;
  let math: '$$' | '\\]' | null = null;
  let afterBlank = false;

  for (const line of text.split('\n')) {
    if (fence) {
      if (fenceCloses(line, fence)) fence = null;
      current.push(line);
      continue;
    }
    if (math) {
      if (mathCloses(line, math)) math = null;
      current.push(line);
      continue;
    }
    if (isBlank(line)) {
      afterBlank = true;
      current.push(line);
      continue;
    }
    if (afterBlank && !/^[ \t]/.test(line)) {
      const done = trimBlankLines(current);
      if (done.length > 0) blocks.push(done.join('\n'));
      current = [];
    }
    afterBlank = false;
    fence = fenceOpen(line);
    if (!fence) math = mathOpen(line);
    current.push(line);
  }

  const last = trimBlankLines(current);
  if (last.length > 0) blocks.push(last.join('\n'));
  return blocks;
}

/** Drops leading and trailing blank lines, so a block's text is stable while blank lines stream in. */
function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start] ?? '')) start++;
  while (end > start && isBlank(lines[end - 1] ?? '')) end--;
  return lines.slice(start, end);
}
