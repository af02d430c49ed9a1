import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';
import { foreignHostMessage, foreignHosts, hostAllowed, hostNameOf } from './host';

const hostsOf = (env: Record<string, string>) => parseConfig(env, '/srv/parley').hosts;

describe('host configuration', () => {
  it('allows APP_URL’s host, Vercel’s hosts and ALLOWED_HOSTS, lower-cased', () => {
    const hosts = hostsOf({
      APP_URL: 'https://Chat.Example.com/some/path',
      VERCEL_URL: 'parley-abc123.vercel.app',
      VERCEL_BRANCH_URL: 'parley-git-main.vercel.app',
      VERCEL_PROJECT_PRODUCTION_URL: 'parley.example.org',
      ALLOWED_HOSTS: ' parley.lan, *.Corp.example ,parley.lan.',
    });
    expect(hosts.appUrl).toBe('https://chat.example.com');
    expect(hosts.names).toEqual([
      'chat.example.com',
      'parley-abc123.vercel.app',
      'parley-git-main.vercel.app',
      'parley.example.org',
      'parley.lan',
      '*.corp.example',
    ]);
  });

  it('refuses ALLOWED_HOSTS entries with a scheme, port or path, and a malformed APP_URL', () => {
    for (const bad of ['https://chat.example.com', 'chat.example.com:3000', 'chat/x', 'a b']) {
      expect(() => hostsOf({ ALLOWED_HOSTS: `ok.example, ${bad}` }), bad).toThrow(ConfigError);
    }
    expect(() => hostsOf({ ALLOWED_HOSTS: 'x:1' })).toThrow(/ALLOWED_HOSTS must be .* "x:1"/);
    expect(() => hostsOf({ APP_URL: 'chat.example.com' })).toThrow(/APP_URL must be/);
    expect(() => hostsOf({ APP_URL: 'ftp://chat.example.com' })).toThrow(/APP_URL must be/);
  });
});

describe('hostAllowed', () => {
  const names = ['chat.example.com', '*.corp.example'];
  it.each([
    '127.0.0.1',
    '10.0.0.7',
    '192.168.1.20',
    '[::1]',
    '[fe80::1]',
    'localhost',
    'app.localhost',
    'chat.example.com',
    'a.corp.example',
    'b.a.corp.example',
  ])('allows %s', (host) => expect(hostAllowed(host, names)).toBe(true));

  it.each([
    'evil.example',
    'chat.example.com.evil.example',
    'evilchat.example.com',
    'corp.example',
    'xcorp.example',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
  ])('refuses %s', (host) => expect(hostAllowed(host, names)).toBe(false));

  it('allows every name with *', () => {
    expect(hostAllowed('anything.example', ['*'])).toBe(true);
  });
});

describe('foreignHosts', () => {
  const config = { appUrl: null, names: ['chat.example.com'] };
  const check = (headers: Record<string, string>) => foreignHosts(new Headers(headers), config);

  it('reads the name out of Host, port and case ignored, a trailing dot too', () => {
    expect(hostNameOf('Chat.Example.com:8443')).toBe('chat.example.com');
    expect(hostNameOf('localhost.')).toBe('localhost');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('a@b')).toBeNull();
    expect(hostNameOf('a/b')).toBeNull();
    expect(check({ host: 'CHAT.example.com:3000' })).toEqual([]);
    expect(check({ host: '127.0.0.1:3000' })).toEqual([]);
  });

  it('refuses a foreign Host, and a foreign X-Forwarded-Host beside an allowed Host', () => {
    expect(check({ host: 'rebind.evil.example:3000' })).toEqual(['rebind.evil.example:3000']);
    expect(check({ host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' })).toEqual([
      'evil.example',
    ]);
    expect(check({ host: 'evil.example', 'x-forwarded-host': 'chat.example.com' })).toEqual([
      'evil.example',
    ]);
    expect(check({ host: 'user@evil.example' })).toEqual(['user@evil.example']);
  });

  it('says which variable to set', () => {
    expect(foreignHostMessage('parley.lan:3000')).toMatch(
      /"parley.lan:3000".*ALLOWED_HOSTS.*APP_URL/,
    );
  });
});
