import { type Analysis, analyze, ELLIPSIS, type Node } from './partial-json';

// Display helpers for tool-call arguments. While they stream we pretty-print whatever prefix we
// have (closing what is still open); once they are complete we print exactly what JSON.parse +
// JSON.stringify give. Nothing here throws.

export { ELLIPSIS } from './partial-json';

export interface FormattedArguments {
  /** Pretty-printed JSON (2 spaces), best-effort for a prefix; the raw text when invalid. */
  text: string;
  /** The text is a whole JSON document. */
  complete: boolean;
  /** The text is JSON or could still become JSON (a valid prefix). */
  valid: boolean;
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
