import { describe, expect, it } from 'vitest';
import { evaluate, MAX_DEPTH, tidy } from './evaluate';
import { CalcError, MAX_EXPRESSION_LENGTH } from './tokenize';

function refusal(expression: string): string {
  try {
    evaluate(expression);
  } catch (error) {
    if (error instanceof CalcError) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(expression)} to be refused`);
}

describe('evaluate: arithmetic', () => {
  it.each([
    ['1 + 2', 3],
    ['7 - 10', -3],
    ['6 * 7', 42],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['2 ^ 10', 1024],
    ['2 ** 10', 1024],
    ['3.25', 3.25],
    ['.5 + 1.', 1.5],
    ['1e3', 1000],
    ['2.5E-3', 0.0025],
    ['1e+2', 100],
    ['  12\t*\n2 ', 24],
  ])('%s = %d', (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3], // left-associative
    ['100 / 10 / 5', 2], // left-associative
    ['2 * 3 % 4', 2], // same level as *, left to right
    ['2 ^ 3 ^ 2', 512], // right-associative: 2^(3^2)
    ['(2 ^ 3) ^ 2', 64],
    ['2 ** 3 ** 2', 512],
    ['-2 ^ 2', -4], // unary minus binds looser than ^
    ['(-2) ^ 2', 4],
    ['2 ^ -1', 0.5],
    ['-2 * 3', -6],
    ['--3', 3],
    ['+4 - -4', 8],
    ['2 * -3 ^ 2', -18],
    ['1 + 2 ^ 2 * 3', 13],
  ])('respects precedence and associativity: %s = %d', (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it('supports the whitelisted functions and constants', () => {
    expect(evaluate('sqrt(16) + abs(-3)')).toBe(7);
    expect(evaluate('round(2.5) + floor(2.7) + ceil(2.1)')).toBe(8);
    expect(evaluate('round(3.14159, 2)')).toBe(3.14);
    expect(evaluate('min(4, 2, 8) + max(1, 9)')).toBe(11);
    expect(evaluate('sin(0) + cos(0) + tan(0)')).toBe(1);
    expect(evaluate('log(1000)')).toBeCloseTo(3, 12);
    expect(evaluate('log(8, 2)')).toBeCloseTo(3, 12);
    expect(evaluate('ln(e)')).toBe(1);
    expect(evaluate('exp(0)')).toBe(1);
    expect(evaluate('2 * pi')).toBe(2 * Math.PI);
    expect(evaluate('sqrt(2 ^ 2 + (3 * 4) ^ 2 - 4)')).toBe(12);
  });

  it('reports math errors', () => {
    expect(refusal('1 / 0')).toMatch(/^Division by zero/);
    expect(refusal('5 % (2 - 2)')).toMatch(/^Division by zero/);
    expect(refusal('0 ^ -1')).toMatch(/^Division by zero/);
    expect(refusal('sqrt(-1)')).toMatch(/not a real number/);
    expect(refusal('log(0)')).toMatch(/infinite or too large/);
    expect(refusal('10 ^ 400')).toMatch(/infinite or too large/);
    expect(refusal('1e999')).toMatch(/infinite or too large/);
    expect(refusal('1e308 * 10 - 1e308 * 10')).toMatch(/infinite or too large/);
    expect(refusal('round(1.5, 99)')).toMatch(/digits between 0 and 15/);
  });

  it('tidies floating-point noise', () => {
    expect(tidy(evaluate('0.1 + 0.2'))).toBe(0.3);
    expect(tidy(evaluate('-0 * 1'))).toBe(0);
    expect(tidy(1 / 3)).toBe(0.333333333333333);
  });
});

describe('evaluate: refuses anything but arithmetic', () => {
  it.each([
    ['process.exit()', /Property access is not allowed/],
    ['process', /Unknown name "process"/],
    ['constructor', /Unknown name "constructor"/],
    ['__proto__', /Unknown name "__proto__"/],
    ['toString', /Unknown name "toString"/],
    ['hasOwnProperty(1)', /Unknown name "hasOwnProperty"/],
    ['valueOf()', /Unknown name "valueOf"/],
    ['constructor.constructor("return process")()', /Property access is not allowed/],
    ['Math.PI', /Property access is not allowed/],
    ['1..toString()', /Property access is not allowed/],
    ['(1).constructor', /Property access is not allowed/],
    ['eval("1+1")', /Strings are not allowed/],
    ['Function("return 1")()', /Strings are not allowed/],
    ["'abc'", /Strings are not allowed/],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the hostile input
    ['`${1}`', /Strings are not allowed/],
    ['[1, 2]', /Square brackets are not allowed/],
    ['pi[0]', /Square brackets are not allowed/],
    ['{}', /Braces are not allowed/],
    ['x = 1', /Assignments and comparisons are not allowed/],
    ['1 == 1', /Assignments and comparisons are not allowed/],
    ['1; 2', /Only one expression is allowed/],
    ['1, 2', /comma is only allowed between function arguments/],
    ['(1, 2)', /closing parenthesis/],
    ['require("fs")', /Strings are not allowed/],
    ['import("fs")', /Strings are not allowed/],
    ['globalThis', /Unknown name "globalThis"/],
    ['this', /Unknown name "this"/],
    ['new Date()', /Unknown name "new"/],
    ['x => x', /Assignments and comparisons are not allowed/],
    ['a ? 1 : 2', /Unexpected character "\?"/],
    ['1 & 2', /Unexpected character "&"/],
    ['1 | 2', /Unexpected character "\|"/],
    ['!1', /Unexpected character "!"/],
    ['~1', /Unexpected character "~"/],
    ['1 < 2', /Unexpected character "<"/],
    ['1 << 2', /Unexpected character "<"/],
    ['0x10', /Expected an operator/],
    ['sqrt', /sqrt is a function/],
    ['pi()', /pi is a constant/],
    ['e(1)', /e is a constant/],
    ['sqrt(1, 2)', /sqrt takes 1 argument/],
    ['min()', /Expected a number/],
    ['2 3', /Expected an operator before the number 3/],
    ['2 pi', /Expected an operator before "pi"/],
    ['(1 + 2', /closing parenthesis/],
    ['1 + 2)', /Expected an operator before "\)"/],
    ['* 3', /Expected a number before "\*"/],
    ['1 +', /ends too early/],
    ['', /empty/],
    ['   ', /empty/],
    ['1 + 2 # comment', /Unexpected character "#"/],
    ['1\u00a0+ 1\u0000', /Unexpected character/],
  ])('refuses %j', (expression, message) => {
    expect(refusal(expression)).toMatch(message);
  });

  it('refuses input longer than the limit before looking at it', () => {
    const long = `1${' + 1'.repeat(200)}`;
    expect(long.length).toBeGreaterThan(MAX_EXPRESSION_LENGTH);
    expect(refusal(long)).toMatch(/too long \(801 characters; at most 500\)/);
    const justFits = `${'1+'.repeat(249)}11`;
    expect(justFits).toHaveLength(MAX_EXPRESSION_LENGTH);
    expect(evaluate(justFits)).toBe(260);
    expect(refusal(`${justFits} `)).toMatch(/too long/);
  });

  it('refuses nesting deeper than the limit', () => {
    const ok = `${'('.repeat(MAX_DEPTH - 1)}1${')'.repeat(MAX_DEPTH - 1)}`;
    expect(evaluate(ok)).toBe(1);
    expect(refusal(`${'('.repeat(MAX_DEPTH + 1)}1${')'.repeat(MAX_DEPTH + 1)}`)).toMatch(
      /nested too deeply/,
    );
    expect(refusal(`${'-'.repeat(200)}1`)).toMatch(/nested too deeply/);
    expect(refusal(`${'sqrt('.repeat(80)}1${')'.repeat(80)}`)).toMatch(/nested too deeply/);
  });

  it('never reaches JavaScript globals or prototypes', () => {
    // Names that exist on Object.prototype must not resolve through a plain-object lookup.
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name)) continue;
      expect(refusal(name)).toContain(`Unknown name "${name}"`);
      expect(refusal(`${name}(1)`)).toContain(`Unknown name "${name}"`);
    }
  });
});
