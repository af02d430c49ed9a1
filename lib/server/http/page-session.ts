import 'server-only';
import {
  isSecureRequest,
  newSessionCookie,
  SESSION_COOKIE,
  verifySessionCookie,
} from '@/lib/server/auth/session';

// The guest identity is minted here and nowhere else: when the browser navigates to a page
// (a top-level GET, which carries the SameSite=Lax cookie whenever the visitor has one) without
// a valid session. Its user row is created later, idempotently, by the first state-changing
// request (lib/server/http/identity.ts). So parallel first API requests cannot make two guests,
// and no API response, refused or not, ever replaces the visitor's identity.

interface PageRequest {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

/** A top-level page load: Sec-Fetch-Dest says so; older clients are judged by Accept. */
export function isPageNavigation(request: Pick<PageRequest, 'method' | 'headers'>): boolean {
  if (request.method !== 'GET') return false;
  const dest = request.headers.get('sec-fetch-dest');
  if (dest !== null) return dest === 'document';
  return (request.headers.get('accept') ?? '').includes('text/html');
}

/** The cookie to set on this response, or null when none is needed. */
export async function sessionForPage(request: PageRequest) {
  if (!isPageNavigation(request)) return null;
  if (await verifySessionCookie(request.cookies.get(SESSION_COOKIE)?.value)) return null;
  return newSessionCookie(crypto.randomUUID(), isSecureRequest(request.headers, request.url));
}
