import { type Fence, fenceCloses, fenceOpen } from './fences';

// Models write math as $…$, $$…$$, \(…\) and \[…\]. remark-math understands dollars only, and we
// run it with single-dollar math off so prices ("$5 and $10") stay text. This rewrites the other
// forms into double-dollar math before parsing. Code (fenced and inline) is left untouched.
//
// Single dollars follow Pandoc's rule: the opening $ has a non-space to its right, the closing $
// a non-space to its left and no digit after it.

const SINGLE_DOLLAR_SOURCE = String.raw`(?<![\\$])\$(?![\s$])((?:\\.|[^$\\\n])+?)(?<!\s)\$(?![\d$])`;
const SINGLE_DOLLAR = new RegExp(SINGLE_DOLLAR_SOURCE, 'g');
const SINGLE_DOLLAR_TEST = new RegExp(SINGLE_DOLLAR_SOURCE);
const MATH_HINT = /\$\$|\\\(|\\\[/;
const LONE_DISPLAY_LINE = /^([ \t]*)\$\$([^$\n]+?)\$\$[ \t]*$/gm;
const BRACKET_DISPLAY = /\\\[([\s\S]+?)\\\]/g;
const PAREN_INLINE = /\\\(([\s\S]+?)\\\)/g;
const INLINE_CODE = /(`+)[\s\S]*?(?<!`)\1(?!`)/g;

/** Cheap check used to decide whether the math plugins (and KaTeX) are needed at all. */
export function hasMathSyntax(text: string): boolean {
  return MATH_HINT.test(text) || SINGLE_DOLLAR_TEST.test(text);
}

export function normalizeMath(text: string): string {
  if (!hasMathSyntax(text)) return text;
  const out: string[] = [];
  let prose: string[] = [];
  let fence: Fence | null = null;
  const flushProse = () => {
    if (prose.length > 0) out.push(normalizeProse(prose.join('\n')));
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (fence) {
      if (fenceCloses(line, fence)) fence = null;
      out.push(line);
      continue;
    }
    fence = fenceOpen(line);
    if (fence) {
      flushProse();
      out.push(line);
    } else {
      prose.push(line);
    }
  }
  flushProse();
  return out.join('\n');
}

/** Rewrites math outside inline code spans. */
function normalizeProse(text: string): string {
  let result = '';
  let last = 0;
  for (const code of text.matchAll(INLINE_CODE)) {
    result += rewriteMath(text.slice(last, code.index)) + code[0];
    last = code.index + code[0].length;
  }
  return result + rewriteMath(text.slice(last));
}

function rewriteMath(text: string): string {
  return text
    .replace(LONE_DISPLAY_LINE, (_, indent: string, body: string) => display(indent, body))
    .replace(BRACKET_DISPLAY, (match: string, body: string, index: number, whole: string) => {
      const lineStart = whole.lastIndexOf('\n', index - 1) + 1;
      const before = whole.slice(lineStart, index);
      const lineEnd = whole.indexOf('\n', index + match.length);
      const after = whole.slice(index + match.length, lineEnd === -1 ? undefined : lineEnd);
      if (before.trim() === '' && after.trim() === '') {
        return display(before, body).slice(before.length);
      }
      return `$$${body}$$`;
    })
    .replace(PAREN_INLINE, (_, body: string) => `$$${body}$$`)
    .replace(SINGLE_DOLLAR, (_, body: string) => `$$${body}$$`);
}

function display(indent: string, body: string): string {
  const inner = body.replace(/^[ \t]*\n/, '').replace(/\n[ \t]*$/, '');
  // Multi-line bodies keep their own indentation; a one-liner gets the delimiters' (list items).
  const lines = inner.includes('\n') ? inner : `${indent}${inner}`;
  return `${indent}$$\n${lines}\n${indent}$$`;
}
