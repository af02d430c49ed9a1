import 'server-only';
import { type GuestsSetting, GUESTS_SETTING, guestsSetting } from '@/lib/server/access/guests';
import type { Db } from '@/lib/server/db/types';
import { listLiveTurns, requestStop, setSetting } from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { stopLive } from '@/lib/server/live/stop';
import { getProviderRegistry } from '@/lib/server/providers';
import { actorOf, audit } from './audit';

// The deployment-wide controls of the admin page: new guests on or off at run time, and the
// answers being written right now (on any instance), each of which an admin may stop.

export async function setGuests(
  db: Db,
  adminId: string,
  allowed: boolean | null,
): Promise<GuestsSetting> {
  const actor = await actorOf(db, adminId);
  await db.transaction(async (tx) => {
    await setSetting(tx, GUESTS_SETTING, allowed);
    const detail =
      allowed === null
        ? 'back to ALLOW_GUESTS'
        : allowed
          ? 'new guests allowed'
          : 'new guests turned off';
    await audit(tx, actor, 'guests.set', null, detail);
  });
  return guestsSetting(db);
}

/** Rough: about four characters a token (the provider counts only when the answer ends). */
const tokensOf = (chars: number) => Math.ceil(chars / 4);

export async function liveAnswers(db: Db) {
  const registry = getProviderRegistry();
  const label = (name: string | null) => {
    const provider = name ?? registry.defaultChoice.provider;
    return registry.get(provider)?.label ?? provider;
  };
  const rows = await listLiveTurns(db);
  return rows.map((r) => ({
    id: r.id,
    user: {
      id: r.userId,
      email: r.email,
      kind: r.userKind === 'account' ? ('account' as const) : ('guest' as const),
    },
    model: r.model ?? registry.defaultChoice.model ?? '',
    provider: label(r.provider),
    startedAt: r.startedAt.toISOString(),
    tokens: tokensOf(r.chars),
  }));
}

/** The user's own Stop, from the admin page: recorded with the audit entry, then awaited. */
export async function stopAnswer(db: Db, adminId: string, generationId: string): Promise<void> {
  const actor = await actorOf(db, adminId);
  const [live] = await listLiveTurns(db, { id: generationId });
  if (!live) throw notFound('This answer is no longer being written.');
  await db.transaction(async (tx) => {
    await requestStop(tx, { generationId });
    await audit(tx, actor, 'generation.stop', live.email ?? `guest ${live.userId}`, live.model);
  });
  await stopLive(db, { generationId });
}
