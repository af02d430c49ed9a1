import { stopAnswer } from '@/lib/server/admin/controls';
import { ADMIN, idParams } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Stops one answer, wherever it is being written (the user's own Stop, from the admin page). */
export const POST = route({ ...ADMIN, params: idParams }, async ({ db, userId, params }) => {
  await stopAnswer(db, userId, params.id);
  return new Response(null, { status: 204 });
});
