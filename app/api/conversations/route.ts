import { z } from 'zod';
import { MAX_SEARCH_QUERY_LENGTH, normalizeQuery } from '@/lib/chat/search-text';
import {
  InvalidCursorError,
  listConversations,
  searchConversations,
} from '@/lib/server/chat/conversations';
import { AppError } from '@/lib/server/errors';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(200).optional(),
  /** Full-text search over titles and messages; absent or blank = the plain list. */
  q: z
    .string()
    .max(MAX_SEARCH_QUERY_LENGTH * 2)
    .optional(),
  /** Kept for old clients: listing never creates an identity any more. */
  peek: z.enum(['0', '1']).optional(),
});

const NO_STORE = { 'cache-control': 'no-store' };

/** The caller's conversations, newest first, one keyset page at a time; `q` searches them. */
export const GET = route(
  {
    identity: 'optional',
    query,
    mapError: (error) =>
      error instanceof InvalidCursorError
        ? new AppError('bad_request', 'Invalid list cursor.')
        : undefined,
  },
  async ({ db, userId, query: { limit, cursor, q } }) => {
    // A visitor without a session owns nothing.
    if (!userId) return Response.json({ items: [], nextCursor: null }, { headers: NO_STORE });
    const search = normalizeQuery(q ?? '');
    const page = search
      ? await searchConversations(db, { userId, query: search, limit, cursor })
      : await listConversations(db, { userId, limit, cursor });
    return Response.json(page, { headers: NO_STORE });
  },
);
