import { deleteUser, updateUser } from '@/lib/server/admin/users';
import { ADMIN, idParams, SMALL_BODY, userPatch } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Disable or enable the account, or set its daily token budget (null = the default). */
export const PATCH = route(
  { ...ADMIN, params: idParams, body: { schema: userPatch, maxBytes: SMALL_BODY } },
  async ({ db, userId, params, body }) =>
    Response.json({ user: await updateUser(db, userId, params.id, body) }),
);

/** The account and all its data (its usage stays, counted as a deleted account's). */
export const DELETE = route({ ...ADMIN, params: idParams }, async ({ db, userId, params }) => {
  await deleteUser(db, userId, params.id);
  return new Response(null, { status: 204 });
});
