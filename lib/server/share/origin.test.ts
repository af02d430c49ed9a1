import { describe, expect, it } from 'vitest';
import { requestOrigin } from './origin';

describe('requestOrigin', () => {
  it('uses the Host header', () => {
    expect(requestOrigin(new Headers({ host: '127.0.0.1:3000' })).origin).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it('prefers what a proxy forwarded', () => {
    const headers = new Headers({
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'chat.example.com',
      'x-forwarded-proto': 'https,http',
    });
    expect(requestOrigin(headers).origin).toBe('https://chat.example.com');
  });

  it('falls back to localhost for a missing or malformed host', () => {
    expect(requestOrigin(new Headers()).origin).toBe('http://localhost');
    expect(requestOrigin(new Headers({ host: 'evil.com/path?x' })).origin).toBe('http://localhost');
  });
});
