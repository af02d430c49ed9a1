import { z } from 'zod';
import { MAX_SEARCH_QUERY_LENGTH, normalizeQuery } from '@/lib/chat/search-text';
import { getDb } from '@/lib/server/database';
import {
  InvalidCursorError,
  listConversations,
  searchConversations,
} from '@/lib/server/db/repository';
import { AppError, errorResponse } from '@/lib/server/errors';
import { readUserId, resolveUser } from '@/lib/server/session';

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
  /**
   * `peek=1` (the sidebar): a visitor without a session gets an empty page instead of a new guest
   * identity, so this request can never race the first chat request into creating a second one.
   */
  peek: z.enum(['0', '1']).optional(),
});

const NO_STORE = { 'cache-control': 'no-store' };

/** The caller's conversations, newest first, one keyset page at a time; `q` searches them. */
export async function GET(request: Request) {
  try {
    const url = new URL(request.url);
    const parsed = query.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw new AppError('bad_request', 'Invalid list parameters.');
    const { limit, cursor, q, peek } = parsed.data;
    const userId = peek === '1' ? await readUserId() : (await resolveUser()).userId;
    if (!userId) return Response.json({ items: [], nextCursor: null }, { headers: NO_STORE });
    const db = await getDb();
    const search = normalizeQuery(q ?? '');
    const page = search
      ? await searchConversations(db, { userId, query: search, limit, cursor })
      : await listConversations(db, { userId, limit, cursor });
    return Response.json(page, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      return errorResponse(new AppError('bad_request', 'Invalid list cursor.'));
    }
    return errorResponse(error);
  }
}
