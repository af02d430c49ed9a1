import { type NextRequest, NextResponse } from 'next/server';
import { newNonce, pageCsp } from '@/lib/server/http/csp';
import { sessionForPage } from '@/lib/server/http/page-session';
import { isSecureRequest } from '@/lib/server/session';

// Runs before every page (not /api, not static files): a fresh CSP nonce per request, which
// Next reads from the request's CSP header and puts on its own scripts; and the guest cookie
// on a first page load (lib/server/http/page-session.ts).

export async function proxy(request: NextRequest) {
  const nonce = newNonce();
  const csp = pageCsp(nonce, {
    dev: process.env.NODE_ENV === 'development',
    secure: isSecureRequest(request.headers, request.url),
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const session = await sessionForPage(request);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  if (session) response.cookies.set(session.name, session.value, session.options);
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
