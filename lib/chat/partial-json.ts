// Reads tool-call arguments, which arrive as a JSON string one fragment at a time: a whole
// document, a prefix that could still become one (as a tree that remembers what is still open,
// so a string being written can be marked), or text that never will. tool-arguments.ts prints it.
//
// Why not the `partial-json` package (0.1.7): it answers "what value so far", not "is this still
// JSON". Its object parser swallows every error, so 13 of the 14 never-JSON inputs in
// tool-arguments.test.ts (`{city: "Paris"}`, `{"a": 01}`, `[1,]`, `{"a": 1} trailing` …) come
// back as a partial value instead of invalid; it returns plain values, so the string still being
// written cannot be marked; it rewrites what is being typed (`-1.` is dropped, `2e` becomes 2,
// `tr` becomes true); and it keeps half a surrogate pair, which prints as an escape.

/** Marks a string that is still being written. */
export const ELLIPSIS = '…';

export type Node =
  | { kind: 'object'; entries: [string, Node][]; closed: boolean }
  | { kind: 'array'; items: Node[]; closed: boolean }
  | { kind: 'string'; value: string; closed: boolean }
  // Numbers and true/false/null keep their source text; `closed` = a delimiter followed them.
  | { kind: 'number'; raw: string; closed: boolean }
  | { kind: 'literal'; raw: string; closed: boolean };

export type Analysis =
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

export function analyze(raw: string): Analysis {
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
