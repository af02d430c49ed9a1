// ALLOWED_EMAILS: who may have an account. Entries are whole addresses (`ana@example.com`) or
// domains (`@example.com`); matching ignores case. An empty list lets anyone in.

export function parseAllowedEmails(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** A malformed entry (neither an address nor `@domain`), for the start-up check. */
export function badAllowedEmail(entries: readonly string[]): string | null {
  return entries.find((e) => !/^[^@\s]*@[^@\s]+\.[^@\s]+$/.test(e)) ?? null;
}

export function emailAllowed(allowed: readonly string[], email: string | null | undefined) {
  if (allowed.length === 0) return true;
  const address = (email ?? '').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  const domain = address.slice(at);
  return allowed.some((entry) => (entry.startsWith('@') ? entry === domain : entry === address));
}

export const NOT_ALLOWED_MESSAGE =
  'This email address is not allowed to use this Parley. Ask its owner to add it.';
