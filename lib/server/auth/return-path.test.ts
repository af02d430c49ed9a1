import { describe, expect, it } from 'vitest';
import { originOf, sameOriginPath } from './return-path';

const ORIGIN = 'http://parley.test:3000';

// Each value as the page receives it (query values arrive percent-decoded once), and the same
// value still encoded, as a second decode elsewhere would see it.
const HOSTILE: readonly string[] = [
  '//evil.example/phish',
  '///evil.example/phish',
  '////evil.example',
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '/\r\n/evil.example/phish',
  '\t//evil.example',
  ' //evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/c/../..//evil.example',
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  '//evil。example',
  '//evil%E3%80%82example',
  '//evil．example',
  'http://parley.test:3000@evil.example/',
  'http://user:pass@parley.test:3000/',
  'http://parley.test:3001/',
  'https://parley.test:3000/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:http://parley.test:3000/1',
  '//127.0.0.1',
  '//[::1]/',
  '/access',
  '/access?next=//evil.example',
  '/access/',
  '',
];

describe('sameOriginPath', () => {
  it.each(HOSTILE)('sends %j to /', (value) => {
    expect(sameOriginPath(value, ORIGIN, ['/access'])).toBe('/');
  });

  it('refuses the encoded forms when they are decoded once more', () => {
    for (const value of ['/%09/evil.example', '/%0a/evil.example', '/%0d%0a/evil.example']) {
      expect(sameOriginPath(decodeURIComponent(value), ORIGIN)).toBe('/');
    }
  });

  it('keeps an encoded value inside this site as the path it is', () => {
    // Still encoded, the tab is part of a path on this origin: harmless.
    expect(sameOriginPath('/%09/evil.example', ORIGIN)).toBe('/%09/evil.example');
    expect(sameOriginPath('/%2F%2Fevil.example', ORIGIN)).toBe('/%2F%2Fevil.example');
  });

  it('keeps paths of this site, query and fragment included, in the parser spelling', () => {
    expect(sameOriginPath('/c/123?x=1#m', ORIGIN)).toBe('/c/123?x=1#m');
    expect(sameOriginPath('/s/abc', ORIGIN, ['/access'])).toBe('/s/abc');
    expect(sameOriginPath('/c/a/../b', ORIGIN)).toBe('/c/b');
    expect(sameOriginPath('http://parley.test:3000/c/1', ORIGIN)).toBe('/c/1');
    expect(sameOriginPath('/accessories', ORIGIN, ['/access'])).toBe('/accessories');
    expect(sameOriginPath('c/1', ORIGIN)).toBe('/c/1');
  });

  it('never answers a value the browser would read as another origin', () => {
    for (const value of HOSTILE) {
      const path = sameOriginPath(value, ORIGIN);
      expect(new URL(path, ORIGIN).origin, value).toBe(ORIGIN);
      expect(path.startsWith('/') && !path.startsWith('//'), value).toBe(true);
    }
  });

  it('treats missing values and a broken origin as /', () => {
    expect(sameOriginPath(null, ORIGIN)).toBe('/');
    expect(sameOriginPath(undefined, ORIGIN)).toBe('/');
    expect(sameOriginPath('/c/1', 'not a url')).toBe('/');
  });
});

describe('originOf', () => {
  it('reads the host and the scheme the request came with', () => {
    const headers = new Headers({ host: 'parley.test:3000' });
    expect(originOf(headers)).toBe('http://parley.test:3000');
    headers.set('x-forwarded-proto', 'https');
    expect(originOf(headers)).toBe('https://parley.test:3000');
    expect(originOf(new Headers(), 'http://127.0.0.1:4000/x')).toBe('http://127.0.0.1:4000');
  });
});
