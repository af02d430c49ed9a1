import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';

const prod = { NODE_ENV: 'production' };

function issues(env: Record<string, string>): string[] {
  try {
    parseConfig(env, '/srv/parley');
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map((i) => `${i.variable}: ${i.message}`);
    throw error;
  }
  return [];
}

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM', () => {
    const { mail } = parseConfig({
      ...prod,
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      MAIL_FROM: 'Parley <parley@example.com>',
      RATE_LIMIT_MAILS_PER_ADDRESS: '3',
    });
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:pw@smtp.example.com:465',
      from: 'Parley <parley@example.com>',
      logOnly: false,
      perAddress: 3,
      perIp: 20,
    });
  });

  it('refuses another scheme without echoing the URL (it holds a password)', () => {
    const found = issues({
      ...prod,
      SMTP_URL: 'https://user:secret@x.example',
      MAIL_FROM: 'a@b.example',
    });
    expect(found.join('\n')).toMatch(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(found.join('\n')).not.toContain('secret');
  });

  it('needs MAIL_FROM with SMTP_URL, and a well-formed one', () => {
    expect(issues({ ...prod, SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([
      expect.stringMatching(/^MAIL_FROM: MAIL_FROM must be set with SMTP_URL/),
    ]);
    expect(issues({ ...prod, MAIL_FROM: 'not an address' }).join()).toMatch(/MAIL_FROM must be/);
  });

  it('ALLOWED_EMAILS in production needs mail or single sign-on', () => {
    expect(issues({ ...prod, ALLOWED_EMAILS: '@example.com' }).join()).toMatch(
      /SMTP_URL: ALLOWED_EMAILS is set.*Set SMTP_URL and MAIL_FROM.*or sign in with single sign-on/,
    );
    expect(
      issues({
        ...prod,
        ALLOWED_EMAILS: '@example.com',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
      }),
    ).toEqual([]);
    expect(
      issues({
        ...prod,
        ALLOWED_EMAILS: '@example.com',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'parley@example.com',
      }),
    ).toEqual([]);
    // `npm run dev` writes the mails (and their links) to the log instead.
    expect(issues({ NODE_ENV: 'development', ALLOWED_EMAILS: '@example.com' })).toEqual([]);
    expect(parseConfig({ NODE_ENV: 'development' }).mail.logOnly).toBe(true);
    expect(issues({ NODE_ENV: 'test', ALLOWED_EMAILS: '@example.com' }).join()).toMatch(/SMTP_URL/);
  });
});
