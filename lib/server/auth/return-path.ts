import 'server-only';
import { isSecureRequest } from '@/lib/server/auth/session';

// Where a browser is sent back to after the access gate or a sign-in (`next`, `returnTo`).
// Browsers do not read a URL the way a prefix test does: they drop tabs and newlines, turn `\`
// into `/`, resolve `/./` and `/../`, so `/%09/evil.example` or `/.//evil.example` are other
// sites to them. The value is therefore resolved with the URL parser against the app's own
// origin, accepted only when it stays there, and given back in the parser's own spelling,
// which the browser reads the same way.

/** The origin a request was addressed to (its Host has passed the check in lib/server/http/host.ts). */
export function originOf(headers: { get(name: string): string | null }, url?: string): string {
  const host = headers.get('host') ?? (url ? new URL(url).host : 'localhost');
  return `${isSecureRequest(headers, url) ? 'https' : 'http'}://${host}`;
}

/**
 * A path of this site (`/c/1?x=2#y`) for `value` resolved against `origin`, or `/` when it names
 * another origin, cannot be parsed, or is one of `refused` (e.g. the gate itself).
 */
export function sameOriginPath(
  value: string | null | undefined,
  origin: string,
  refused: readonly string[] = [],
): string {
  if (!value) return '/';
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return '/';
  }
  // A blob: URL reports the origin it was made in, so the scheme is compared as well.
  if (target.origin !== base.origin || target.protocol !== base.protocol) return '/';
  if (target.username || target.password) return '/';
  // A path beginning with two slashes is protocol-relative once written into a Location.
  if (target.pathname.startsWith('//')) return '/';
  if (refused.some((p) => target.pathname === p || target.pathname.startsWith(`${p}/`))) {
    return '/';
  }
  return `${target.pathname}${target.search}${target.hash}`;
}
