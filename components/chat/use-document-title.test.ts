import { describe, expect, it } from 'vitest';
import { documentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('follows the root layout template and falls back to the app name', () => {
    expect(documentTitle('Why is the sky blue?')).toBe('Why is the sky blue? · Parley');
    expect(documentTitle('  two\n lines ')).toBe('two lines · Parley');
    expect(documentTitle('')).toBe('Parley');
    expect(documentTitle(null)).toBe('Parley');
  });
});
