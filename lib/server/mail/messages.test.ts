import { describe, expect, it } from 'vitest';
import { existingAccountMail, resetMail, verificationMail } from './messages';

describe('account mails', () => {
  it('have a plain-text and an HTML part with the same link', () => {
    const url = 'https://chat.example.com/api/auth/verify-email?token=abc&callbackURL=%2Faccount';
    const mail = verificationMail('ana@example.com', url, 24);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('24 hours');
    expect(mail.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    expect(resetMail('ana@example.com', 'https://x.example/r?token=1', 60).text).toMatch(
      /60 minutes.*signs out every browser/s,
    );
  });

  it('escape what they put in the HTML', () => {
    const mail = existingAccountMail(
      '"><script>alert(1)</script>@example.com',
      'https://x.example/sign-in',
      'https://x.example/forgot-password?a=<b>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="https://x.example/forgot-password?a=&lt;b&gt;"');
    expect(mail.text).toMatch(/you already have one/);
  });
});
