import { describe, expect, it } from 'vitest';
import { badAllowedEmail, emailAllowed, parseAllowedEmails } from './allowed-emails';

describe('ALLOWED_EMAILS', () => {
  const allowed = parseAllowedEmails(' Ana@Example.com, @team.example , ,@team.example');

  it('parses addresses and @domains, lower-cased, without repeats', () => {
    expect(allowed).toEqual(['ana@example.com', '@team.example']);
    expect(badAllowedEmail(allowed)).toBeNull();
    expect(badAllowedEmail(['nobody'])).toBe('nobody');
  });

  it('lets in listed addresses and whole domains, nothing else', () => {
    expect(emailAllowed(allowed, 'ana@example.com')).toBe(true);
    expect(emailAllowed(allowed, 'ANA@example.COM')).toBe(true);
    expect(emailAllowed(allowed, 'bob@example.com')).toBe(false);
    expect(emailAllowed(allowed, 'bob@team.example')).toBe(true);
    expect(emailAllowed(allowed, 'bob@sub.team.example')).toBe(false);
    expect(emailAllowed(allowed, 'bob@evilteam.example')).toBe(false);
    expect(emailAllowed(allowed, '@team.example')).toBe(false);
    expect(emailAllowed(allowed, null)).toBe(false);
    expect(emailAllowed([], 'anyone@anywhere.example')).toBe(true);
  });
});
