import 'server-only';
import type { Db } from '@/lib/server/db/types';
import { getAccount, insertAudit, listAudit } from '@/lib/server/db/repository';
import { AppError, notFound } from '@/lib/server/errors';

// The admin audit log: every admin action writes one entry, in the transaction of the action.

export type AuditAction =
  | 'user.disable'
  | 'user.enable'
  | 'user.delete'
  | 'user.budget'
  | 'guests.set'
  | 'generation.stop';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const PAGE = 50;

/** The acting admin's address, as the log keeps it (it outlives the account). */
export async function actorOf(db: Db, adminId: string): Promise<{ id: string; email: string }> {
  const account = await getAccount(db, adminId);
  // The guard let an admin through a moment ago; gone since means nobody may act.
  if (!account) throw notFound();
  return { id: account.id, email: account.email };
}

export async function audit(
  tx: Tx,
  actor: { id: string; email: string },
  action: AuditAction,
  target: string | null,
  detail: string | null = null,
): Promise<void> {
  await insertAudit(tx, { actorId: actor.id, actor: actor.email, action, target, detail });
}

export async function auditPage(db: Db, cursor: string | undefined) {
  const before = cursor === undefined ? null : Number(cursor);
  if (before !== null && !(Number.isSafeInteger(before) && before > 0)) {
    throw new AppError('bad_request', 'This page of the audit log does not exist; reload it.');
  }
  const rows = await listAudit(db, { before, limit: PAGE + 1 });
  const entries = rows
    .slice(0, PAGE)
    .map((r) => ({ ...r, id: String(r.id), at: r.at.toISOString() }));
  const last = entries.at(-1);
  return { entries, next: rows.length > PAGE && last ? last.id : null };
}
