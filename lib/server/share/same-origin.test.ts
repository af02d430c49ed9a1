import { describe, expect, it } from 'vitest';
import { isCrossSite } from './same-origin';

const headers = (values: Record<string, string>) => new Headers(values);

describe('isCrossSite', () => {
  it('trusts the browser’s Sec-Fetch-Site', () => {
    expect(isCrossSite(headers({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSite(headers({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSite(headers({ 'sec-fetch-site': 'none' }))).toBe(false);
  });

  it('falls back to comparing Origin with Host', () => {
    expect(isCrossSite(headers({ origin: 'http://evil.test', host: 'parley.test' }))).toBe(true);
    expect(isCrossSite(headers({ origin: 'http://parley.test', host: 'parley.test' }))).toBe(false);
    expect(
      isCrossSite(
        headers({
          origin: 'https://chat.example',
          host: '127.0.0.1:3000',
          'x-forwarded-host': 'chat.example',
        }),
      ),
    ).toBe(false);
    expect(isCrossSite(headers({ origin: 'null', host: 'parley.test' }))).toBe(true);
  });

  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) through', () => {
    expect(isCrossSite(headers({ host: 'parley.test' }))).toBe(false);
  });
});
