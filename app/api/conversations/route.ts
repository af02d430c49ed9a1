import { z } from 'zod';
import { getDb } from '@/lib/server/db/client';
import { InvalidCursorError, listConversations } from '@/lib/server/db/repository';
import { AppError, errorResponse } from '@/lib/server/errors';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(200).optional(),
});

export async function GET(request: Request) {
  try {
    const { userId } = await resolveUser();
    const url = new URL(request.url);
    const parsed = query.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw new AppError('bad_request', 'Invalid list parameters.');
    const db = await getDb();
    return Response.json(await listConversations(db, { userId, ...parsed.data }));
  } catch (error) {
    if (error instanceof InvalidCursorError) {
      return errorResponse(new AppError('bad_request', 'Invalid list cursor.'));
    }
    return errorResponse(error);
  }
}
