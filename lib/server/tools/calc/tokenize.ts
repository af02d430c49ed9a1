import 'server-only';

export class CalcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalcError';
  }
}

export const MAX_EXPRESSION_LENGTH = 500;

export type Token =
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'name'; name: string; pos: number }
  | { kind: 'op'; op: '+' | '-' | '*' | '/' | '%' | '^'; pos: number }
  | { kind: '(' | ')' | ','; pos: number };

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

// Characters that show the input is code rather than arithmetic get a specific explanation.
const REFUSALS: Record<string, string> = {
  '"': 'Strings are not allowed; only numbers, operators and functions',
  "'": 'Strings are not allowed; only numbers, operators and functions',
  '`': 'Strings are not allowed; only numbers, operators and functions',
  '[': 'Square brackets are not allowed; use parentheses for grouping',
  ']': 'Square brackets are not allowed; use parentheses for grouping',
  '{': 'Braces are not allowed; use parentheses for grouping',
  '}': 'Braces are not allowed; use parentheses for grouping',
  '=': 'Assignments and comparisons are not allowed; write only the expression to compute',
  ';': 'Only one expression is allowed (no ";")',
  '.': 'Property access is not allowed; "." may only appear inside a number',
};

/** Splits an arithmetic expression into tokens; anything that is not arithmetic is a CalcError. */
export function tokenize(input: string): Token[] {
  if (input.length > MAX_EXPRESSION_LENGTH) {
    throw new CalcError(
      `The expression is too long (${input.length} characters; at most ${MAX_EXPRESSION_LENGTH})`,
    );
  }
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < input.length) {
    const rest = input.slice(pos);
    const ch = rest[0] ?? '';
    if (/\s/.test(ch)) {
      pos++;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), pos });
      pos += number[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', name: name[0], pos });
      pos += name[0].length;
      continue;
    }
    if (rest.startsWith('**')) {
      tokens.push({ kind: 'op', op: '^', pos });
      pos += 2;
      continue;
    }
    if (ch === '+' || ch === '-' || ch === '*' || ch === '/' || ch === '%' || ch === '^') {
      tokens.push({ kind: 'op', op: ch, pos });
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ kind: ch, pos });
    } else {
      const refusal = Object.hasOwn(REFUSALS, ch) ? REFUSALS[ch] : undefined;
      throw new CalcError(
        `${refusal ?? `Unexpected character ${JSON.stringify(ch)}`} (at position ${pos + 1})`,
      );
    }
    pos++;
  }
  return tokens;
}
