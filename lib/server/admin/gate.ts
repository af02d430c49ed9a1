import 'server-only';
import type { NextRequest } from 'next/server';
import { log } from '@/lib/server/log';
import { currentAdmin } from './identity';

// The /admin page for anyone but an admin is the missing page: proxy.ts asks here, and rewrites
// a non-admin's request to a path nothing serves, so Next draws its own not-found page (with
// status 404; a page's notFound() alone gets an empty body in a production build). The page
// checks again (requireAdminOrNotFound). The API needs no rewrite: a missing /api route is the
// route guard's own 404 (app/api/[...path]/route.ts), which admin routes give non-admins too.

const ADMIN_PAGE = /^\/admin(\/|$)/;
/** Served by nothing: a rewrite here is Next's own 404 page. */
const MISSING = '/_admin-not-found';

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PAGE.test(pathname);
}

async function isAdmin(request: NextRequest): Promise<boolean> {
  try {
    return (await currentAdmin(request.headers)) !== null;
  } catch (error) {
    log.warn({ err: error }, 'could not check for an admin before the admin page');
    return false;
  }
}

/** null: an admin, let it through; else where to rewrite it (a path nothing serves). */
export async function adminGate(request: NextRequest): Promise<URL | null> {
  if (await isAdmin(request)) return null;
  return new URL(MISSING, request.url);
}
