import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '@/lib/db/schema';

/** One type for both drivers; the repository only uses the query builder they share. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
