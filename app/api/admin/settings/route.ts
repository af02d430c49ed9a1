import { guestsSetting } from '@/lib/server/access/guests';
import { setGuests } from '@/lib/server/admin/controls';
import { ADMIN, NO_STORE, SMALL_BODY, settingsPatch } from '@/lib/server/admin/http';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Whether new guests are let in, and whether ALLOW_GUESTS or an admin decided it. */
export const GET = route(ADMIN, async ({ db }) =>
  Response.json({ guests: await guestsSetting(db) }, { headers: NO_STORE }),
);

/** `guestsAllowed`: true or false overrides ALLOW_GUESTS; null hands it back. */
export const PATCH = route(
  { ...ADMIN, body: { schema: settingsPatch, maxBytes: SMALL_BODY } },
  async ({ db, userId, body }) =>
    Response.json({ guests: await setGuests(db, userId, body.guestsAllowed) }),
);
