import { describe, expect, it } from 'vitest';
import { cleanGeneratedTitle, provisionalTitle } from './title-text';

describe('provisionalTitle', () => {
  it('is the first message on one line, shortened past 80 characters', () => {
    expect(provisionalTitle('  How do\n I  bake bread? ')).toBe('How do I bake bread?');
    const long = provisionalTitle('word '.repeat(40));
    expect(long).toHaveLength(78);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('cleanGeneratedTitle', () => {
  it('keeps a plain title', () => {
    expect(cleanGeneratedTitle('Baking Bread at Home')).toBe('Baking Bread at Home');
  });

  it('drops labels, quotes, markdown and the final full stop', () => {
    expect(cleanGeneratedTitle('Title: "Baking Bread at Home."')).toBe('Baking Bread at Home');
    expect(cleanGeneratedTitle('**Title:** Sourdough basics')).toBe('Sourdough basics');
    expect(cleanGeneratedTitle('# “Quantum tunneling explained”')).toBe(
      'Quantum tunneling explained',
    );
    expect(cleanGeneratedTitle('\'"Nested quotes"\'')).toBe('Nested quotes');
    expect(cleanGeneratedTitle('「東京の夜景」。')).toBe('東京の夜景');
  });

  it('uses the first non-empty line and collapses spaces', () => {
    expect(cleanGeneratedTitle('\n\n  Trip   to Vienna \nExplanation: because...')).toBe(
      'Trip to Vienna',
    );
  });

  it('caps the length and gives null for nothing usable', () => {
    const title = cleanGeneratedTitle('x'.repeat(200), 80);
    expect(title).toHaveLength(80);
    expect(title?.endsWith('…')).toBe(true);
    expect(cleanGeneratedTitle('')).toBeNull();
    expect(cleanGeneratedTitle('  "" ')).toBeNull();
    expect(cleanGeneratedTitle('...')).toBeNull();
  });
});
