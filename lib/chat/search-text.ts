// Text helpers for conversation search, shared by the server (snippets) and the sidebar
// (highlighting). Pure. Matching here mirrors the SQL loosely: the database decides WHAT matches,
// these only decide which part of a long text to show and which parts to mark.

/** Longest query the search box and the API accept. */
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** Collapses runs of whitespace and trims. */
export function normalizeQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
}

/**
 * What to look for in a text, longest first: the whole query, then its words. Quotes and a
 * leading `-` (web-search syntax for "not") are dropped; excluded words are never marked.
 */
export function searchTerms(query: string): string[] {
  const whole = normalizeQuery(query).replace(/"/g, '').trim();
  const words = normalizeQuery(query)
    .split(' ')
    .filter((w) => !w.startsWith('-') && w.toLowerCase() !== 'or')
    .map((w) => w.replace(/"/g, ''))
    .filter((w) => w.length > 0);
  const terms = [whole, ...words].filter((t) => t.length > 0 && !t.startsWith('-'));
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termPattern(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  return new RegExp(terms.map(escapeRegExp).join('|'), 'giu');
}

/** The first place any term occurs (case-insensitive), or null. */
export function firstMatch(text: string, query: string): { index: number; length: number } | null {
  const pattern = termPattern(searchTerms(query));
  if (!pattern) return null;
  const found = pattern.exec(text);
  return found ? { index: found.index, length: found[0].length } : null;
}

/**
 * A one-line excerpt of `text` around the first match, at most about `2 * radius` characters,
 * with an ellipsis where it was cut. Without a match, the start of the text.
 */
export function makeSnippet(text: string, query: string, radius = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const match = firstMatch(flat, query);
  if (!match) return flat.length > radius * 2 ? `${flat.slice(0, radius * 2).trimEnd()}…` : flat;
  let start = Math.max(0, match.index - radius);
  let end = Math.min(flat.length, match.index + match.length + radius);
  // Prefer cutting at a space so the excerpt does not start or end mid-word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < match.index) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > match.index + match.length) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` into runs that match a search term and runs that do not, in order. */
export function highlightParts(text: string, query: string): TextPart[] {
  const pattern = termPattern(searchTerms(query));
  if (!pattern || text === '') return text === '' ? [] : [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found[0].length === 0) continue;
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
