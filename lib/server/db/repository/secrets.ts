import 'server-only';
import { eq } from 'drizzle-orm';
import { appSecrets } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';

/**
 * Returns the stored secret `name`, creating it with `generate()` the first time. Concurrent
 * callers (even in different processes) all get the single value that won the insert.
 */
export async function getOrCreateSecret(
  db: Db,
  name: string,
  generate: () => string,
): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`secret ${name} missing right after insert`);
  return row.value;
}
