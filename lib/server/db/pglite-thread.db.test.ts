import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThread } from './pglite-thread';

// The embedded database in its worker thread (pglite-worker.mjs), whatever DATABASE_URL says.

let db: PgliteThread;

beforeAll(async () => {
  db = await openPgliteThread(null);
  await db.exec('create table items (id int primary key, name text)');
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('PGlite in a worker thread', () => {
  it('leaves the calling thread free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const result = await db.query<{ n: number }>(
      'select count(*)::int as n from generate_series(1, 3000000)',
    );
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(result.rows).toEqual([{ n: 3_000_000 }]);
    // On the calling thread the WebAssembly would run to its end first: no tick at all.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 5 / 4));
  });

  it('commits a transaction whose function returns and rolls back one that throws', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.query('insert into items values ($1, $2)', [1, 'kept']);
      return (await tx.query<{ name: string }>('select name from items')).rows;
    });
    expect(seen).toEqual([{ name: 'kept' }]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into items values ($1, $2)', [2, 'dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.query<{ id: number }>('select id from items order by id');
    expect(rows.rows).toEqual([{ id: 1 }]);
  });

  it("hands PostgreSQL's error fields back, and keeps the types drizzle asks for as text", async () => {
    const duplicate = await db.query('insert into items values (1, $1)', ['again']).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'items_pkey' });

    const at = "timestamptz '2026-01-02 03:04:05+00'";
    const parsed = await db.query<{ at: unknown }>(`select ${at} as at`);
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    const text = await db.query<{ at: unknown }>(`select ${at} as at`, [], {
      parsers: { 1184: (value: string) => value },
    });
    expect(text.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
    await expect(
      db.query('select 1', [], { parsers: { 1184: (value: string) => new Date(value) } }),
    ).rejects.toThrow('only parsers that keep the text');
  });

  it('delivers notifications to a listener until it stops listening', async () => {
    const payloads: string[] = [];
    const unlisten = await db.listen('news', (payload) => payloads.push(payload));
    await db.query("select pg_notify('news', 'first')");
    await expect.poll(() => payloads).toEqual(['first']);
    await unlisten();
    await db.query("select pg_notify('news', 'second')");
    await db.query('select 1');
    expect(payloads).toEqual(['first']);
  });
});
