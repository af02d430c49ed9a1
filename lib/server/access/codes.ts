import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Access codes (ACCESS_CODES). A browser that entered one carries, in its signed session, a tag
// derived from that code and the session secret (never the code itself). The tag is checked
// against the codes configured now, so removing a code from ACCESS_CODES locks out every browser
// that used it, on every instance, with nothing kept in memory.

/** The proof of one code: HMAC-SHA256 keyed by the session secret. */
export function accessTag(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`parley-access-code:${code}`).digest('base64url');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The configured code `input` equals, compared in constant time against every code. */
export function matchCode(codes: readonly string[], input: string): string | null {
  const given = digest(input);
  let found: string | null = null;
  for (const code of codes) {
    if (timingSafeEqual(digest(code), given) && found === null) found = code;
  }
  return found;
}

/** Whether a session's tag proves one of the configured codes. No codes → everyone may enter. */
export function tagAdmits(codes: readonly string[], secret: string, tag: string | null): boolean {
  if (codes.length === 0) return true;
  if (!tag) return false;
  const given = digest(tag);
  let ok = false;
  for (const code of codes) {
    if (timingSafeEqual(digest(accessTag(secret, code)), given)) ok = true;
  }
  return ok;
}

/** Paths readable without a code: shared links (conversations, their preview images, assistants) and the gate itself. */
export function isOpenPage(pathname: string): boolean {
  return pathname.startsWith('/s/') || pathname.startsWith('/a/') || pathname === '/access';
}
