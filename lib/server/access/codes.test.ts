import { describe, expect, it } from 'vitest';
import { accessTag, isOpenPage, matchCode, tagAdmits } from './codes';

const secret = 's'.repeat(43);

describe('access codes', () => {
  it('matches only a configured code, exactly', () => {
    expect(matchCode(['alpha', 'beta'], 'beta')).toBe('beta');
    expect(matchCode(['alpha', 'beta'], 'Beta')).toBeNull();
    expect(matchCode(['alpha'], 'alph')).toBeNull();
    expect(matchCode(['alpha'], '')).toBeNull();
    expect(matchCode([], 'alpha')).toBeNull();
  });

  it('a tag admits while its code is configured, under the secret that made it', () => {
    const tag = accessTag(secret, 'alpha');
    expect(tag).not.toContain('alpha');
    expect(tagAdmits(['beta', 'alpha'], secret, tag)).toBe(true);
    expect(tagAdmits(['beta'], secret, tag), 'code removed').toBe(false);
    expect(tagAdmits(['alpha'], 't'.repeat(43), tag), 'other secret').toBe(false);
    expect(tagAdmits(['alpha'], secret, null)).toBe(false);
    expect(tagAdmits(['alpha'], secret, 'alpha')).toBe(false);
    expect(tagAdmits([], secret, null), 'no codes configured').toBe(true);
  });

  it('leaves shared links and the gate open', () => {
    expect(isOpenPage('/s/abc')).toBe(true);
    expect(isOpenPage('/a/abc')).toBe(true);
    expect(isOpenPage('/access')).toBe(true);
    expect(isOpenPage('/')).toBe(false);
    expect(isOpenPage('/c/abc')).toBe(false);
    expect(isOpenPage('/shared')).toBe(false);
  });
});
