import { describe, expect, it } from 'vitest';
import { addressFrom } from './client-address';
import { SOCKET_ADDRESS_HEADER } from './socket-address-header';

const h = (values: Record<string, string>) => new Headers(values);

describe('addressFrom', () => {
  const spoofed = { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.8' };

  it("uses the connection's address unless a proxy is trusted", () => {
    const headers = h({ ...spoofed, [SOCKET_ADDRESS_HEADER]: '192.0.2.1' });
    expect(addressFrom(headers, false)).toBe('192.0.2.1');
    expect(addressFrom(headers, true)).toBe('198.51.100.7');
  });

  it('behind a trusted proxy takes the last X-Forwarded-For entry (what that proxy saw)', () => {
    const headers = h({
      'x-forwarded-for': '1.1.1.1, 203.0.113.5',
      [SOCKET_ADDRESS_HEADER]: '10.0.0.2',
    });
    expect(addressFrom(headers, true)).toBe('203.0.113.5');
    expect(addressFrom(h({ 'x-real-ip': '203.0.113.6' }), true)).toBe('203.0.113.6');
    expect(addressFrom(h({ [SOCKET_ADDRESS_HEADER]: '10.0.0.2' }), true)).toBe('10.0.0.2');
  });

  it('writes an IPv4 client of a dual-stack socket as IPv4, and refuses anything unprintable', () => {
    expect(addressFrom(h({ [SOCKET_ADDRESS_HEADER]: '::ffff:127.0.0.1' }), false)).toBe(
      '127.0.0.1',
    );
    expect(addressFrom(h({ [SOCKET_ADDRESS_HEADER]: '::1' }), false)).toBe('::1');
    expect(addressFrom(h({}), false)).toBe('unknown');
    expect(addressFrom(h({ 'x-forwarded-for': 'a b; c' }), true)).toBe('unknown');
    expect(addressFrom(h({ 'x-forwarded-for': 'x'.repeat(65) }), true)).toBe('unknown');
  });
});
