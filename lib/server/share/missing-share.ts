import 'server-only';
import { type NextRequest, NextResponse } from 'next/server';
import { getDb } from '@/lib/server/db/database';
import { getActiveShare } from '@/lib/server/db/repository';
import { log } from '@/lib/server/log';
import { isShareId } from './share-id';

// A page that calls notFound() gets its 404 status but, in a production build, an empty body:
// Next draws the not-found boundary only with JavaScript. A shared link is often opened by a
// link previewer or a reader without it, so proxy.ts answers an unknown one itself by rendering
// app/s/missing/page.tsx (a plain page, so the message is in the HTML) with status 404.
//
// The proxy runs in the server's own process (Node.js runtime) and shares its database handle
// (lib/server/db/database.ts keeps it on globalThis). Where it cannot look (an error, a database
// that will not open), it lets the page decide, which still answers 404.

const SHARE_PAGE = /^\/s\/([^/]+)$/;
/** app/s/missing/page.tsx; a share id is 24 characters, so it never names a share. */
export const MISSING_SHARE_PATH = '/s/missing';

async function shareIsActive(id: string): Promise<boolean> {
  if (!isShareId(id)) return false;
  try {
    return (await getActiveShare(await getDb(), id)) !== null;
  } catch (error) {
    log.warn({ err: error }, 'could not look up a shared link before its page');
    return true;
  }
}

/** A 404 rewrite for `/s/<id>` when no such link is active; null for every other request. */
export async function missingShareResponse(
  request: NextRequest,
  init: { request: { headers: Headers } },
): Promise<NextResponse | null> {
  const id = SHARE_PAGE.exec(request.nextUrl.pathname)?.[1];
  if (id === undefined) return null;
  // The not-found page asked for by name (/s/missing) is a 404 too: it is not a share id.
  if (await shareIsActive(id)) return null;
  return NextResponse.rewrite(new URL(MISSING_SHARE_PATH, request.url), { ...init, status: 404 });
}
