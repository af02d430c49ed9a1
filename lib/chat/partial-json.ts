// Display helpers for tool-call arguments, which arrive as a JSON string one fragment at a time.
// While they stream we pretty-print whatever prefix we have (closing what is still open); once
// they are complete we print exactly what JSON.parse + JSON.stringify give. Nothing here throws.

export interface FormattedArguments {
  /** Pretty-printed JSON (2 spaces), best-effort for a prefix; the raw text when invalid. */
  text: string;
  /** The text is a whole JSON document. */
  complete: boolean;
  /** The text is JSON or could still become JSON (a valid prefix). */
  valid: boolean;
}

/** Marks a string that is still being written. */
export const ELLIPSIS = '…';

type Node =
  | { kind: 'object'; entries: [string, Node][]; closed: boolean }
  | { kind: 'array'; items: Node[]; closed: boolean }
  | { kind: 'string'; value: string; closed: boolean }
  // Numbers and true/false/null keep their source text; `closed` = a delimiter followed them.
  | { kind: 'number'; raw: string; closed: boolean }
  | { kind: 'literal'; raw: string; closed: boolean };

type Analysis =
  | { kind: 'complete'; value: unknown }
  | { kind: 'partial'; root: Node | null }
  | { kind: 'invalid' };

class Invalid extends Error {}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// Any prefix of a JSON number: "-", "1.", "2e", "2e-" …
const NUMBER_PREFIX = /^-?(?:(?:0|[1-9]\d*)(?:(?:\.\d+)?(?:[eE][+-]?\d*)?|\.))?$/;
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Parses a prefix of a JSON document. Returns null at the end of input; throws Invalid. */
class PrefixParser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parseDocument(): Node | null {
    const root = this.value();
    this.skipWhitespace();
    if (this.pos < this.src.length) throw new Invalid();
    return root;
  }

  private atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  private skipWhitespace(): void {
    while (!this.atEnd() && WHITESPACE.has(this.src.charAt(this.pos))) this.pos++;
  }

  private value(): Node | null {
    this.skipWhitespace();
    if (this.atEnd()) return null;
    const c = this.src.charAt(this.pos);
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't' || c === 'f' || c === 'n') return this.literal();
    throw new Invalid();
  }

  private object(): Node {
    const node: Node = { kind: 'object', entries: [], closed: false };
    this.pos++;
    let needKey = false; // after a comma a key must follow, never '}'
    for (;;) {
      this.skipWhitespace();
      if (this.atEnd()) return node;
      const c = this.src.charAt(this.pos);
      if (c === '}' && !needKey) {
        this.pos++;
        node.closed = true;
        return node;
      }
      if (c !== '"') throw new Invalid();
      const key = this.string();
      // A key without its value yet is dropped until the value starts.
      if (!key.closed) return node;
      this.skipWhitespace();
      if (this.atEnd()) return node;
      if (this.src.charAt(this.pos) !== ':') throw new Invalid();
      this.pos++;
      const value = this.value();
      if (value === null) return node;
      node.entries.push([key.value, value]);
      if (!isDone(value)) return node;
      this.skipWhitespace();
      if (this.atEnd()) return node;
      const next = this.src.charAt(this.pos);
      this.pos++;
      if (next === '}') {
        node.closed = true;
        return node;
      }
      if (next !== ',') throw new Invalid();
      needKey = true;
    }
  }

  private array(): Node {
    const node: Node = { kind: 'array', items: [], closed: false };
    this.pos++;
    let needItem = false;
    for (;;) {
      this.skipWhitespace();
      if (this.atEnd()) return node;
      if (this.src.charAt(this.pos) === ']' && !needItem) {
        this.pos++;
        node.closed = true;
        return node;
      }
      const item = this.value();
      if (item === null) return node;
      node.items.push(item);
      if (!isDone(item)) return node;
      this.skipWhitespace();
      if (this.atEnd()) return node;
      const next = this.src.charAt(this.pos);
      this.pos++;
      if (next === ']') {
        node.closed = true;
        return node;
      }
      if (next !== ',') throw new Invalid();
      needItem = true;
    }
  }

  private string(): Node & { kind: 'string' } {
    this.pos++;
    let value = '';
    for (;;) {
      // Copy runs of plain characters in one go.
      let end = this.pos;
      while (end < this.src.length) {
        const code = this.src.charCodeAt(end);
        if (code === 0x22 || code === 0x5c) break;
        if (code < 0x20) throw new Invalid();
        end++;
      }
      value += this.src.slice(this.pos, end);
      this.pos = end;
      if (this.atEnd())
        return { kind: 'string', value: withoutLoneHighSurrogate(value), closed: false };
      const c = this.src.charAt(this.pos);
      this.pos++;
      if (c === '"') return { kind: 'string', value, closed: true };
      // A backslash: an escape sequence, possibly cut short by the end of input.
      if (this.atEnd())
        return { kind: 'string', value: withoutLoneHighSurrogate(value), closed: false };
      const e = this.src.charAt(this.pos);
      this.pos++;
      const simple = SIMPLE_ESCAPES[e];
      if (simple !== undefined) {
        value += simple;
        continue;
      }
      if (e !== 'u') throw new Invalid();
      const hex = this.src.slice(this.pos, this.pos + 4);
      if (!/^[0-9a-fA-F]*$/.test(hex)) throw new Invalid();
      if (hex.length < 4) {
        this.pos = this.src.length;
        return { kind: 'string', value: withoutLoneHighSurrogate(value), closed: false };
      }
      value += String.fromCharCode(Number.parseInt(hex, 16));
      this.pos += 4;
    }
  }

  private number(): Node {
    const start = this.pos;
    while (!this.atEnd() && /[-+0-9.eE]/.test(this.src.charAt(this.pos))) this.pos++;
    const raw = this.src.slice(start, this.pos);
    if (this.atEnd()) {
      if (!NUMBER_PREFIX.test(raw)) throw new Invalid();
      return { kind: 'number', raw, closed: false };
    }
    if (!NUMBER.test(raw)) throw new Invalid();
    return { kind: 'number', raw, closed: true };
  }

  private literal(): Node {
    const start = this.pos;
    while (!this.atEnd() && /[a-z]/.test(this.src.charAt(this.pos))) this.pos++;
    const raw = this.src.slice(start, this.pos);
    if (this.atEnd()) {
      if (!LITERALS.some((word) => word.startsWith(raw))) throw new Invalid();
      return { kind: 'literal', raw, closed: LITERALS.includes(raw) };
    }
    if (!LITERALS.includes(raw)) throw new Invalid();
    return { kind: 'literal', raw, closed: true };
  }
}

/** A value whose end has been seen (or cannot grow: `true` at the end of input). */
function isDone(node: Node): boolean {
  return node.closed;
}

// A surrogate pair split by the end of input would print as a "\ud83d" escape for a moment.
function withoutLoneHighSurrogate(value: string): string {
  const last = value.charCodeAt(value.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? value.slice(0, -1) : value;
}

function analyze(raw: string): Analysis {
  try {
    return { kind: 'complete', value: JSON.parse(raw) };
  } catch {
    // Not a whole document: see whether it is the start of one.
  }
  try {
    const root = new PrefixParser(raw).parseDocument();
    // A finished document that JSON.parse refused means we were too lenient: call it invalid.
    if (root?.closed) return { kind: 'invalid' };
    return { kind: 'partial', root };
  } catch {
    return { kind: 'invalid' };
  }
}

interface PrintStyle {
  /** Indent unit; null prints on one line. */
  indent: string | null;
}

function printNode(node: Node, style: PrintStyle, depth: number): string {
  switch (node.kind) {
    case 'string': {
      const quoted = JSON.stringify(node.value);
      return node.closed ? quoted : `${quoted.slice(0, -1)}${ELLIPSIS}"`;
    }
    case 'number':
      // Finished numbers print as JSON.stringify would (1.50 → 1.5); a growing one as typed.
      return node.closed ? JSON.stringify(Number(node.raw)) : node.raw;
    case 'literal':
      return node.raw;
    case 'array':
      return printContainer(
        '[',
        ']',
        node.items.map((item) => printNode(item, style, depth + 1)),
        style,
        depth,
      );
    case 'object':
      return printContainer(
        '{',
        '}',
        node.entries.map(
          ([key, value]) => `${JSON.stringify(key)}: ${printNode(value, style, depth + 1)}`,
        ),
        style,
        depth,
      );
  }
}

function printContainer(
  open: string,
  close: string,
  parts: string[],
  style: PrintStyle,
  depth: number,
): string {
  if (parts.length === 0) return `${open}${close}`;
  if (style.indent === null) return `${open}${parts.join(', ')}${close}`;
  const inner = style.indent.repeat(depth + 1);
  const outer = style.indent.repeat(depth);
  return `${open}\n${parts.map((part) => inner + part).join(',\n')}\n${outer}${close}`;
}

/**
 * Pretty-prints tool-call arguments: exactly JSON.stringify(JSON.parse(raw), null, 2) when the
 * text is complete, a best-effort rendering of the prefix while it streams (open strings, arrays
 * and objects closed, a key still waiting for its value dropped), and the raw text when it can
 * never become JSON.
 */
export function formatArguments(raw: string): FormattedArguments {
  try {
    const analysis = analyze(raw);
    if (analysis.kind === 'complete') {
      return { text: JSON.stringify(analysis.value, null, 2), complete: true, valid: true };
    }
    if (analysis.kind === 'partial') {
      const text = analysis.root ? printNode(analysis.root, { indent: '  ' }, 0) : '';
      return { text, complete: false, valid: true };
    }
  } catch {
    // Pathologically deep nesting can overflow the stack; fall through to the raw text.
  }
  return { text: raw, complete: false, valid: false };
}

/**
 * One line describing the arguments, e.g. `city: "Paris", unit: "celsius"`, at most `maxChars`
 * characters (cut with "…"). Works on partial and invalid JSON too.
 */
export function summarizeArguments(raw: string, maxChars = 80): string {
  let line: string;
  try {
    line = summaryLine(analyze(raw), raw);
  } catch {
    line = collapseWhitespace(raw);
  }
  return truncate(line, maxChars);
}

function summaryLine(analysis: Analysis, raw: string): string {
  const oneLine: PrintStyle = { indent: null };
  if (analysis.kind === 'invalid') return collapseWhitespace(raw);
  if (analysis.kind === 'partial') {
    const { root } = analysis;
    if (root === null) return '';
    if (root.kind !== 'object') return printNode(root, oneLine, 0);
    return root.entries
      .map(([key, value]) => `${displayKey(key)}: ${printNode(value, oneLine, 1)}`)
      .join(', ');
  }
  const { value } = analysis;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return compactJson(value);
  }
  return Object.entries(value)
    .map(([key, item]) => `${displayKey(key)}: ${compactJson(item)}`)
    .join(', ');
}

/** JSON on one line with a space after separators, like the partial printer's one-line style. */
function compactJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compactJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const parts = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}: ${compactJson(item)}`,
    );
    return `{${parts.join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// Keys that read as identifiers go unquoted; anything else stays a JSON string.
function displayKey(key: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(key);
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let cut = Math.max(0, maxChars - 1);
  const code = text.charCodeAt(cut - 1);
  // Never split a surrogate pair.
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}${ELLIPSIS}`;
}
