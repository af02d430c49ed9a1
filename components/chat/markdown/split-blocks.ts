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
  if (DEFINITION.test(text)) return whole(text);
  return scan(text, 0).blocks;
}

function whole(text: string): string[] {
  const lines = trimBlankLines(text.split('\n'));
  return lines.length > 0 ? [lines.join('\n')] : [];
}

/**
 * Blocks of `text` from `from` (a line start where a block begins) to its end, and the offset
 * where the last block begins: what comes before it is final however the text grows.
 */
function scan(text: string, from: number): { blocks: string[]; lastStart: number } {
  const blocks: string[] = [];
  let current: string[] = [];
  let currentStart = from;
  let fence: Fence | null = null;
  let math: '$$' | '\\]' | null = null;
  let afterBlank = false;
  let offset = from;

  for (const line of text.slice(from).split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
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
      currentStart = lineStart;
    }
    afterBlank = false;
    fence = fenceOpen(line);
    if (!fence) math = mathOpen(line);
    current.push(line);
  }

  const last = trimBlankLines(current);
  if (last.length > 0) blocks.push(last.join('\n'));
  return { blocks, lastStart: currentStart };
}

/** A split that the next, longer text continues from (see extendBlocks). */
export interface BlockSplit {
  text: string;
  /** Every block of `text`, in order. */
  blocks: string[];
  /** Blocks that no appended text can change: all but the last, kept as the same strings. */
  final: number;
  /** Offset in `text` where the first block that may still change begins. */
  openStart: number;
  /** The text has a link reference definition or footnote: it is one block. */
  whole: boolean;
}

/**
 * splitBlocks for a text that grows at its end (a streaming answer): when `text` continues
 * `prev`'s final part, only what follows it is scanned again, and the final blocks are the
 * same strings as before (memoised rendering compares them by identity). Same result as
 * splitBlocks(text) in every case.
 */
export function extendBlocks(prev: BlockSplit | null, text: string): BlockSplit {
  if (prev?.text === text) return prev;
  // The first character of the open block's first line is part of what made it a block.
  const continues =
    prev !== null &&
    !prev.whole &&
    text.startsWith(prev.text.slice(0, prev.openStart === 0 ? 0 : prev.openStart + 1));
  const from = continues ? prev.openStart : 0;
  // Definitions resolve across the whole text: one anywhere makes it one block.
  if (DEFINITION.test(from === 0 ? text : text.slice(from))) {
    const blocks = whole(text);
    return { text, blocks, final: 0, openStart: 0, whole: true };
  }
  const tail = scan(text, from);
  const kept = continues ? prev.blocks.slice(0, prev.final) : [];
  const blocks = tail.blocks.length === 0 ? kept : kept.concat(tail.blocks);
  const final = Math.max(0, blocks.length - 1);
  const openStart = tail.blocks.length === 0 ? from : tail.lastStart;
  return { text, blocks, final, openStart, whole: false };
}

/** Drops leading and trailing blank lines, so a block's text is stable while blank lines stream in. */
function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start] ?? '')) start++;
  while (end > start && isBlank(lines[end - 1] ?? '')) end--;
  return lines.slice(start, end);
}
