import 'server-only';
import { desc, eq, lt } from 'drizzle-orm';
import { adminAudit, appSettings } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';

// The admin audit log and the run-time settings an admin changes (app_settings).

export interface AuditEntry {
  id: number;
  at: Date;
  actor: string;
  action: string;
  target: string | null;
  detail: string | null;
}

export async function insertAudit(
  db: Db,
  entry: {
    actorId: string;
    actor: string;
    action: string;
    target: string | null;
    detail: string | null;
  },
): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: entry.actorId,
    actorEmail: entry.actor,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
  });
}

/** Newest first, `limit` entries older than the cursor (an id). */
export async function listAudit(
  db: Db,
  input: { before: number | null; limit: number },
): Promise<AuditEntry[]> {
  return db
    .select({
      id: adminAudit.id,
      at: adminAudit.at,
      actor: adminAudit.actorEmail,
      action: adminAudit.action,
      target: adminAudit.target,
      detail: adminAudit.detail,
    })
    .from(adminAudit)
    .where(input.before === null ? undefined : lt(adminAudit.id, input.before))
    .orderBy(desc(adminAudit.id))
    .limit(input.limit);
}

export async function getSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value;
}

/** null removes the setting (the environment decides again). */
export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  if (value === null) {
    await db.delete(appSettings).where(eq(appSettings.key, key));
    return;
  }
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}
