import 'server-only';
import { CalcError, type Token, tokenize } from './tokenize';

/*
 * A hand-written Pratt parser that evaluates while it parses. It never touches JavaScript
 * objects by name: functions and constants live in Maps, so `constructor`, `__proto__` and
 * friends are just unknown names.
 *
 * Conventions (the usual mathematical ones):
 * - `^` and `**` are exponentiation, right-associative: 2^3^2 = 2^(3^2) = 512.
 * - Unary minus binds looser than `^`: -2^2 = -(2^2) = -4, while 2^-1 = 0.5.
 * - `%` is the remainder with the sign of the dividend (as in most programming languages).
 * - Trigonometry is in radians; log(x) is base 10, log(x, b) base b, ln(x) natural.
 */

export const MAX_DEPTH = 50;

type Fn = { arity: [min: number, max: number]; apply: (args: number[]) => number };

function unary(f: (x: number) => number): Fn {
  return { arity: [1, 1], apply: (a) => f(a[0] ?? Number.NaN) };
}

function roundTo(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    throw new CalcError('round(x, digits) needs a whole number of digits between 0 and 15');
  }
  const factor = 10 ** digits;
  return Math.round(x * factor) / factor;
}

const FUNCTIONS = new Map<string, Fn>([
  ['sqrt', unary(Math.sqrt)],
  ['abs', unary(Math.abs)],
  ['round', { arity: [1, 2], apply: ([x = 0, d = 0]) => roundTo(x, d) }],
  ['floor', unary(Math.floor)],
  ['ceil', unary(Math.ceil)],
  ['min', { arity: [1, 100], apply: (a) => Math.min(...a) }],
  ['max', { arity: [1, 100], apply: (a) => Math.max(...a) }],
  ['sin', unary(Math.sin)],
  ['cos', unary(Math.cos)],
  ['tan', unary(Math.tan)],
  [
    'log',
    {
      arity: [1, 2],
      apply: ([x = 0, base]) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)),
    },
  ],
  ['ln', unary(Math.log)],
  ['exp', unary(Math.exp)],
]);

const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['e', Math.E],
]);

export const ALLOWED_NAMES = [...FUNCTIONS.keys(), ...CONSTANTS.keys()];

// An operator continues the current operand only if its lbp is above the caller's minimum,
// so rbp = lbp makes an operator left-associative and rbp = lbp - 1 right-associative.
const BINARY: Record<'+' | '-' | '*' | '/' | '%' | '^', { lbp: number; rbp: number }> = {
  '+': { lbp: 10, rbp: 10 },
  '-': { lbp: 10, rbp: 10 },
  '*': { lbp: 20, rbp: 20 },
  '/': { lbp: 20, rbp: 20 },
  '%': { lbp: 20, rbp: 20 },
  '^': { lbp: 30, rbp: 29 },
};
const UNARY_BP = 25; // between * and ^: -2^2 = -4, -2*3 = -6

function describeToken(token: Token | undefined): string {
  if (token === undefined) return 'the end of the expression';
  switch (token.kind) {
    case 'number':
      return `the number ${token.value} at position ${token.pos + 1}`;
    case 'name':
      return `"${token.name}" at position ${token.pos + 1}`;
    case 'op':
      return `"${token.op}" at position ${token.pos + 1}`;
    default:
      return `"${token.kind}" at position ${token.pos + 1}`;
  }
}

function unknownName(name: string): CalcError {
  return new CalcError(
    `Unknown name "${name}"; only these functions and constants are allowed: ${ALLOWED_NAMES.join(', ')}`,
  );
}

function binary(op: keyof typeof BINARY, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      if (b === 0) throw new CalcError('Division by zero');
      return a / b;
    case '%':
      if (b === 0) throw new CalcError('Division by zero (remainder of a division by 0)');
      return a % b;
    case '^':
      if (a === 0 && b < 0) throw new CalcError('Division by zero (0 raised to a negative power)');
      return a ** b;
  }
}

// Checked after every step so the error names the real cause (an overflow would otherwise
// surface later as a confusing NaN, e.g. 1e308*10 - 1e308*10).
function finite(value: number): number {
  if (Number.isNaN(value)) {
    throw new CalcError(
      'The result is not a real number (for example the square root or logarithm of a negative number)',
    );
  }
  if (!Number.isFinite(value)) {
    throw new CalcError(
      'The result is infinite or too large to represent (for example log(0) or 10^400)',
    );
  }
  return value;
}

class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    if (this.tokens.length === 0) throw new CalcError('The expression is empty');
    const value = this.expression(0);
    const extra = this.peek();
    if (extra !== undefined) {
      throw new CalcError(
        extra.kind === ','
          ? `A comma is only allowed between function arguments (at position ${extra.pos + 1})`
          : `Expected an operator before ${describeToken(extra)}`,
      );
    }
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token | undefined {
    return this.tokens[this.index++];
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) {
      throw new CalcError(`The expression is nested too deeply (more than ${MAX_DEPTH} levels)`);
    }
  }

  private expression(minBp: number): number {
    this.enter();
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      if (token?.kind !== 'op') break;
      const { lbp, rbp } = BINARY[token.op];
      if (lbp <= minBp) break;
      this.next();
      left = finite(binary(token.op, left, this.expression(rbp)));
    }
    this.depth--;
    return left;
  }

  private prefix(): number {
    const token = this.next();
    if (token === undefined)
      throw new CalcError('The expression ends too early; a number is missing');
    switch (token.kind) {
      case 'number':
        return finite(token.value);
      case 'op':
        if (token.op === '-') return -this.expression(UNARY_BP);
        if (token.op === '+') return this.expression(UNARY_BP);
        throw new CalcError(`Expected a number before ${describeToken(token)}`);
      case '(': {
        const value = this.expression(0);
        this.expectToken(')', 'a closing parenthesis');
        return value;
      }
      case 'name':
        return this.name(token.name);
      default:
        throw new CalcError(
          token.kind === ','
            ? `A comma is only allowed between function arguments (at position ${token.pos + 1})`
            : `Expected a number before ${describeToken(token)}`,
        );
    }
  }

  private name(name: string): number {
    const fn = FUNCTIONS.get(name);
    if (fn !== undefined) {
      if (this.peek()?.kind !== '(') throw new CalcError(`${name} is a function; write ${name}(…)`);
      this.next();
      const args = [this.expression(0)];
      while (this.peek()?.kind === ',') {
        this.next();
        args.push(this.expression(0));
      }
      this.expectToken(')', `a closing parenthesis after the arguments of ${name}`);
      const [min, max] = fn.arity;
      if (args.length < min || args.length > max) {
        const expected = min === max ? `${min}` : `${min} to ${max}`;
        throw new CalcError(`${name} takes ${expected} argument(s), got ${args.length}`);
      }
      return finite(fn.apply(args));
    }
    const constant = CONSTANTS.get(name);
    if (constant !== undefined) {
      if (this.peek()?.kind === '(') throw new CalcError(`${name} is a constant, not a function`);
      return constant;
    }
    throw unknownName(name);
  }

  private expectToken(kind: ')', what: string): void {
    const token = this.next();
    if (token?.kind !== kind)
      throw new CalcError(`Expected ${what}, found ${describeToken(token)}`);
  }
}

/** Evaluates an arithmetic expression; every refusal or math error is a CalcError. */
export function evaluate(expression: string): number {
  return finite(new Parser(tokenize(expression)).parse());
}

/** Hides binary floating-point noise: 0.1 + 0.2 → 0.3. */
export function tidy(value: number): number {
  const rounded = Number(value.toPrecision(15));
  return Object.is(rounded, -0) ? 0 : rounded;
}
