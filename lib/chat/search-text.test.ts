import { describe, expect, it } from 'vitest';
import {
  firstMatch,
  highlightParts,
  makeSnippet,
  normalizeQuery,
  searchTerms,
} from './search-text';

describe('searchTerms', () => {
  it('lists the whole query and its words, longest first, without web-search syntax', () => {
    expect(searchTerms('  quantum   tunneling ')).toEqual([
      'quantum tunneling',
      'tunneling',
      'quantum',
    ]);
    expect(searchTerms('"exact phrase" -skip')).toEqual(['exact phrase -skip', 'phrase', 'exact']);
    expect(searchTerms('cats or dogs')).toEqual(['cats or dogs', 'cats', 'dogs']);
    expect(searchTerms('东京の夜景')).toEqual(['东京の夜景']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('normalizes and caps the query', () => {
    expect(normalizeQuery(' a \n b ')).toBe('a b');
    expect(normalizeQuery('x'.repeat(500))).toHaveLength(200);
  });
});

describe('makeSnippet', () => {
  const long = `${'lorem ipsum '.repeat(20)}the word zebracorn appears here ${'dolor sit '.repeat(20)}`;

  it('centres on the first match and marks both cuts', () => {
    const snippet = makeSnippet(long, 'ZEBRACORN', 30);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('zebracorn');
    expect(snippet.length).toBeLessThanOrEqual(30 * 2 + 'zebracorn'.length + 2);
    // Cut at spaces, not inside words.
    expect(snippet).toMatch(/^…(lorem|ipsum) /);
    expect(snippet).toMatch(/ (dolor|sit)…$/);
  });

  it('keeps a short text whole and flattens line breaks', () => {
    expect(makeSnippet('Hello\n\nzebracorn world', 'zebracorn')).toBe('Hello zebracorn world');
  });

  it('finds text without spaces', () => {
    const text = `${'あ'.repeat(100)}東京の夜景がきれい${'い'.repeat(100)}`;
    const snippet = makeSnippet(text, '夜景', 10);
    expect(snippet).toBe(`…${'あ'.repeat(7)}東京の夜景がきれい${'い'.repeat(6)}…`);
  });

  it('falls back to the start of the text without a match', () => {
    expect(makeSnippet(long, 'absent', 10)).toBe('lorem ipsum lorem ip…');
  });
});

describe('firstMatch and highlightParts', () => {
  it('find every term case-insensitively and keep the original text', () => {
    expect(firstMatch('A Zebra and a zebra', 'zebra')).toEqual({ index: 2, length: 5 });
    expect(highlightParts('A Zebra and a zebra', 'zebra')).toEqual([
      { text: 'A ', match: false },
      { text: 'Zebra', match: true },
      { text: ' and a ', match: false },
      { text: 'zebra', match: true },
    ]);
  });

  it('prefers the whole phrase over its words and treats regex characters literally', () => {
    expect(highlightParts('use a.b here, a and b', 'a.b')).toEqual([
      { text: 'use ', match: false },
      { text: 'a.b', match: true },
      { text: ' here, a and b', match: false },
    ]);
    expect(highlightParts('new york, new things', 'new york')).toEqual([
      { text: 'new york', match: true },
      { text: ', ', match: false },
      { text: 'new', match: true },
      { text: ' things', match: false },
    ]);
  });

  it('returns the text as one plain part without a query', () => {
    expect(highlightParts('plain', '')).toEqual([{ text: 'plain', match: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
