import { describe, expect, it } from 'vitest';
import { isShareId, newShareId, sharePath } from './share-id';

describe('share ids', () => {
  it('are 24 url-safe characters carrying at least 128 random bits', () => {
    const id = newShareId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Buffer.from(id, 'base64url').byteLength * 8).toBeGreaterThanOrEqual(128);
  });

  it('do not repeat and share no common prefix pattern', () => {
    const ids = Array.from({ length: 2_000 }, newShareId);
    expect(new Set(ids).size).toBe(ids.length);
    // A counter or a timestamp would make early characters cluster; random ids spread out.
    expect(new Set(ids.map((id) => id.slice(0, 2))).size).toBeGreaterThan(1_000);
  });

  it('are recognised, and anything else is not', () => {
    expect(isShareId(newShareId())).toBe(true);
    for (const bad of [
      '',
      'short',
      `${newShareId()}x`,
      '../../etc/passwd?aaaaaaaaaaa',
      'a b'.repeat(8),
    ]) {
      expect(isShareId(bad)).toBe(false);
    }
  });

  it('map to the shared page', () => {
    expect(sharePath('abc')).toBe('/s/abc');
  });
});
