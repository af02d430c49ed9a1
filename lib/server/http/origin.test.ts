import { describe, expect, it } from 'vitest';
import { isSameOrigin, isStateChanging } from './origin';

const h = (values: Record<string, string>) => new Headers(values);

describe('isSameOrigin', () => {
  it('accepts an Origin naming this host and port', () => {
    expect(isSameOrigin(h({ origin: 'http://parley.test', host: 'parley.test' }))).toBe(true);
    expect(isSameOrigin(h({ origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100' }))).toBe(true);
    expect(isSameOrigin(h({ origin: 'https://parley.test', host: 'parley.test:443' }))).toBe(true);
  });

  it('uses the forwarded host behind a proxy', () => {
    const headers = h({
      origin: 'https://chat.example',
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'chat.example',
    });
    expect(isSameOrigin(headers)).toBe(true);
  });

  it('refuses another site, another port on the same host, and the opaque origin', () => {
    expect(isSameOrigin(h({ origin: 'http://evil.test', host: 'parley.test' }))).toBe(false);
    expect(isSameOrigin(h({ origin: 'http://127.0.0.1:9999', host: '127.0.0.1:3100' }))).toBe(
      false,
    );
    expect(isSameOrigin(h({ origin: 'null', host: 'parley.test' }))).toBe(false);
    expect(isSameOrigin(h({ origin: 'not a url', host: 'parley.test' }))).toBe(false);
  });

  it('refuses contradicting headers either way', () => {
    const evilOrigin = h({
      origin: 'http://evil.test',
      host: 'p.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(isSameOrigin(evilOrigin)).toBe(false);
    const crossSite = h({
      origin: 'http://p.test',
      host: 'p.test',
      'sec-fetch-site': 'cross-site',
    });
    expect(isSameOrigin(crossSite)).toBe(false);
    const both = h({ origin: 'http://p.test', host: 'p.test', 'sec-fetch-site': 'same-origin' });
    expect(isSameOrigin(both)).toBe(true);
  });

  it('falls back to Sec-Fetch-Site: only same-origin passes', () => {
    expect(isSameOrigin(h({ 'sec-fetch-site': 'same-origin', host: 'p' }))).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isSameOrigin(h({ 'sec-fetch-site': site, host: 'p' }))).toBe(false);
    }
  });

  it('refuses a request that proves nothing (no Origin, no Sec-Fetch-Site)', () => {
    expect(isSameOrigin(h({ host: 'parley.test' }))).toBe(false);
  });
});

describe('isStateChanging', () => {
  it('is false only for the safe methods', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(isStateChanging)).toEqual([false, false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(isStateChanging)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
