import { type NextRequest, NextResponse } from 'next/server';
import { accessCodesEnabled, cookieHasAccess } from '@/lib/server/access/gate';
import { isOpenPage } from '@/lib/server/access/codes';
import { getConfig } from '@/lib/server/config';
import { newNonce, pageCsp } from '@/lib/server/http/csp';
import { foreignHostMessage, foreignHosts } from '@/lib/server/http/host';
import { sessionForPage } from '@/lib/server/http/page-session';
import { isSecureRequest, SESSION_COOKIE } from '@/lib/server/auth/session';
import { missingShareResponse } from '@/lib/server/share/missing-share';
import { adminGate, isAdminPath } from '@/lib/server/admin/gate';

// Runs before every page (not /api, not static files), prefetches and RSC requests included:
// first the Host check (lib/server/http/host.ts), then a fresh CSP nonce per request, which
// Next reads from the request's CSP header and puts on its own scripts; the guest cookie on a
// first page load (lib/server/http/page-session.ts); and a real not-found page for a shared
// link that does not exist (lib/server/share/missing-share.ts). With ACCESS_CODES, every page
// but a shared link and the gate itself sends a browser that has not entered a code to the gate.

export async function proxy(request: NextRequest) {
  const foreign = foreignHosts(request.headers, getConfig().hosts)[0];
  if (foreign !== undefined) {
    return new NextResponse(foreignHostMessage(foreign), {
      status: 403,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      },
    });
  }
  const gate = await gateRedirect(request);
  if (gate) return gate;
  // /admin for anyone but an admin is the missing page (lib/server/admin/gate.ts).
  const admin = isAdminPath(request.nextUrl.pathname) ? await adminGate(request) : null;
  const nonce = newNonce();
  const csp = pageCsp(nonce, {
    dev: process.env.NODE_ENV === 'development',
    secure: isSecureRequest(request.headers, request.url),
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', csp);
  const session = await sessionForPage(request);
  const response =
    (await missingShareResponse(request, { request: { headers } })) ??
    (admin
      ? NextResponse.rewrite(admin, { request: { headers } })
      : NextResponse.next({ request: { headers } }));
  response.headers.set('content-security-policy', csp);
  if (session) response.cookies.set(session.name, session.value, session.options);
  return response;
}

async function gateRedirect(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  if (!accessCodesEnabled() || isOpenPage(pathname)) return null;
  if (await cookieHasAccess(request.cookies.get(SESSION_COOKIE)?.value)) return null;
  const gate = new URL('/access', request.url);
  if (pathname !== '/') gate.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(gate, 303);
}

// Prefetches are not left out (Next's CSP example does): a prefetched page is the same HTML, and
// a browser keeps and shows it with whatever headers it came with.
export const config = {
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
