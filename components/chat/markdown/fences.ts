// Line-level fence recognition shared by the block splitter, the streaming repair and the math
// normaliser. Deliberately lenient about indentation (fences nested in list items are common in
// model output); the cost of a false positive is only that blocks are merged, never wrong output.

export interface Fence {
  char: '`' | '~';
  length: number;
  /** Leading whitespace of the opening line; a closer needs it too when the fence is in a list. */
  indent: string;
}

const FENCE_LINE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** The fence a line opens, or null. A backtick fence's info string may not contain backticks. */
export function fenceOpen(line: string): Fence | null {
  const match = FENCE_LINE.exec(line);
  if (!match) return null;
  const marker = match[2] ?? '';
  const info = match[3] ?? '';
  const char = marker[0] === '~' ? '~' : '`';
  if (char === '`' && info.includes('`')) return null;
  return { char, length: marker.length, indent: match[1] ?? '' };
}

/** Whether a line closes the given open fence (same character, at least as long, nothing after). */
export function fenceCloses(line: string, open: Fence): boolean {
  const match = FENCE_LINE.exec(line);
  if (!match) return false;
  const marker = match[2] ?? '';
  return marker[0] === open.char && marker.length >= open.length && (match[3] ?? '').trim() === '';
}

/** Display math opened by a line: `$$` or `\[` at line start without its closer on the same line. */
export function mathOpen(line: string): '$$' | '\\]' | null {
  const trimmed = line.trim();
  if (trimmed.startsWith('$$')) return trimmed.slice(2).includes('$$') ? null : '$$';
  if (trimmed.startsWith('\\[')) return trimmed.slice(2).includes('\\]') ? null : '\\]';
  return null;
}

export function mathCloses(line: string, closer: '$$' | '\\]'): boolean {
  return line.trim().endsWith(closer);
}
