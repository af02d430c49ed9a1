import { describe, expect, it } from 'vitest';
import { hasMathSyntax, normalizeMath } from './math-delimiters';

describe('hasMathSyntax', () => {
  it('detects each delimiter style', () => {
    expect(hasMathSyntax('$$x$$')).toBe(true);
    expect(hasMathSyntax('so \\(x\\)')).toBe(true);
    expect(hasMathSyntax('\\[x\\]')).toBe(true);
    expect(hasMathSyntax('area $\\pi r^2$ here')).toBe(true);
  });

  it('ignores prices and plain text', () => {
    expect(hasMathSyntax('It costs $5 and $10.')).toBe(false);
    expect(hasMathSyntax('between $5-$10')).toBe(false);
    expect(hasMathSyntax('Just words.')).toBe(false);
  });
});

describe('normalizeMath', () => {
  it('turns single-dollar math into double dollars and leaves prices', () => {
    expect(normalizeMath('Let $x^2$ be, costing $5 or $10.')).toBe(
      'Let $$x^2$$ be, costing $5 or $10.',
    );
  });

  it('turns \\( \\) into inline math', () => {
    expect(normalizeMath('where \\(a+b\\) holds')).toBe('where $$a+b$$ holds');
  });

  it('turns \\[ \\] on their own lines into display math', () => {
    expect(normalizeMath('Eq:\n\\[\nE = mc^2\n\\]\nafter')).toBe('Eq:\n$$\nE = mc^2\n$$\nafter');
    expect(normalizeMath('\\[ E = mc^2 \\]')).toBe('$$\n E = mc^2 \n$$');
  });

  it('keeps \\[ \\] inside a sentence inline', () => {
    expect(normalizeMath('so \\[x\\] is')).toBe('so $$x$$ is');
  });

  it('makes a lone $$…$$ line display math', () => {
    expect(normalizeMath('  $$a = b$$')).toBe('  $$\n  a = b\n  $$');
    expect(normalizeMath('text $$a$$ inline')).toBe('text $$a$$ inline');
  });

  it('does not touch fenced or inline code', () => {
    const fenced = '```sh\necho $HOME $x$ \\(y\\)\n```';
    expect(normalizeMath(`${fenced}\nand $z$`)).toBe(`${fenced}\nand $$z$$`);
    expect(normalizeMath('run `echo $a$` then $b$')).toBe('run `echo $a$` then $$b$$');
    expect(normalizeMath('```\nopen $a$')).toBe('```\nopen $a$');
  });

  it('respects escaped dollars', () => {
    expect(normalizeMath('\\$x$ and $y\\$')).toBe('\\$x$ and $y\\$');
  });
});
