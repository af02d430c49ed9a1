import 'server-only';
import { getDb } from '@/lib/server/db/database';
import { log } from '@/lib/server/log';

/**
 * A brand-new embedded database takes seconds to initialise. A page that needs no data starts it
 * without waiting, so it is ready by the time the first message is sent.
 */
export function warmUpDatabase(): void {
  getDb().catch((error: unknown) => log.error({ err: error }, 'opening the database failed'));
}
