// Cross-site request check for state-changing routes that also work for visitors without a
// cookie. Such a route creates a guest and sets its cookie; a cross-site form post (which
// SameSite=Lax sends without the visitor's cookie) could otherwise replace their identity.

interface HeaderSource {
  get(name: string): string | null;
}

/** True when the browser says the request came from another site. Non-browser clients pass. */
export function isCrossSite(headers: HeaderSource): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'cross-site';
  const origin = headers.get('origin');
  if (!origin) return false;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  try {
    return origin === 'null' || new URL(origin).host !== host;
  } catch {
    return true;
  }
}
