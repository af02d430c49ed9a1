// Same-origin proof for state-changing requests. A cross-site (or same-site, other-port) page
// can make the browser send a form post or a no-cors fetch; only the browser-set Origin and
// Sec-Fetch-Site headers tell such a request from the app's own. Neither can be forged by a page.

interface HeaderSource {
  get(name: string): string | null;
}

const first = (value: string | null) => value?.split(',')[0]?.trim() || null;

/** host[:port] this request was addressed to (behind a proxy: the one the visitor typed). */
export function requestHost(headers: HeaderSource): string | null {
  return first(headers.get('x-forwarded-host')) ?? first(headers.get('host'));
}

/**
 * True only when the request provably comes from a page of this very origin (host and port
 * compared): the Origin the browser sent names this host, and Sec-Fetch-Site, when sent, says
 * same-origin; without Origin, Sec-Fetch-Site alone must say same-origin. Anything else (neither
 * header, a `null` origin, a same-site page on another port, contradicting headers) is refused.
 */
export function isSameOrigin(headers: HeaderSource): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  if (origin === null) return site === 'same-origin';
  const host = requestHost(headers);
  if (!host || origin === 'null') return false;
  try {
    const from = new URL(origin);
    // Read the Host in the origin's scheme, so a default port written out (":443") still matches.
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** Methods that may change state: every one of them must prove the same origin. */
export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}
