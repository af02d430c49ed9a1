import { describe, expect, it } from 'vitest';
import { findWarnings } from '../support/server-log.mjs';

describe('server log warnings (checked after the end-to-end suite)', () => {
  it('finds Node process warnings and Next warnings', () => {
    const log = [
      '▲ Next.js 16.4.6',
      '✓ Ready in 897ms',
      '(node:4242) MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 abort listeners added to [AbortSignal].',
      ' ⚠ metadataBase property in metadata export is not set for resolving social open graph or twitter images',
      '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      'Warning: Each child in a list should have a unique "key" prop.',
      '[parley] upstream stream failed: terminated',
    ].join('\n');
    expect(findWarnings(log)).toHaveLength(4);
    expect(findWarnings(log).join('\n')).not.toContain('Ready');
  });
  it('finds nothing in a clean log', () => {
    expect(findWarnings('▲ Next.js 16.4.6\n✓ Ready in 897ms\n')).toEqual([]);
  });
});
