import { type NextRequest, NextResponse } from 'next/server';
import { isShareId } from './share-id';

// A page that calls notFound() sends its 404 with an empty body and draws the message with
// JavaScript. A shared link is often opened by a previewer or a reader without it, so the proxy
// answers an unknown one itself: the not-found page, with a real 404.
//
// The proxy asks the app's own share route rather than the database: it may run in a context of
// its own, and a second embedded database handle there would read a stale copy.

const SHARE_PAGE = /^\/s\/([^/]+)$/;
/** app/s/missing/page.tsx; a share id is 24 characters, so it never collides. */
export const MISSING_SHARE_PATH = '/s/missing';

async function shareExists(request: NextRequest, id: string): Promise<boolean> {
  if (!isShareId(id)) return false;
  try {
    const res = await fetch(new URL(`/api/shares/${id}`, request.nextUrl.origin), {
      method: 'HEAD',
      cache: 'no-store',
    });
    // Anything but a clear "no such share" lets the page decide.
    return res.status !== 404;
  } catch {
    return true;
  }
}

/** A 404 rewrite for `/s/<id>` when no such share is active; null for every other request. */
export async function missingShareResponse(
  request: NextRequest,
  init: { request?: { headers: Headers } } = {},
): Promise<NextResponse | null> {
  const id = SHARE_PAGE.exec(request.nextUrl.pathname)?.[1];
  if (id === undefined) return null;
  // The not-found page itself, asked for by name, is a 404 too (a rewrite is not proxied again).
  if (await shareExists(request, id)) return null;
  return NextResponse.rewrite(new URL(MISSING_SHARE_PATH, request.url), { ...init, status: 404 });
}
