// The database adapter on a real Postgres: LISTEN survives a dropped connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createPgDatabase } from './helpers.ts';

describe('the Postgres adapter', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPgDatabase();
    drop = created.drop;
    db = await openDatabase({ databaseUrl: created.url });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const next = (received: string[], count: number) =>
    expect.poll(() => received.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(count);

  it('listens again on its own after the LISTEN connection is killed', async () => {
    const received: string[] = [];
    await db.listen('adapter_test', (payload) => received.push(payload));
    await db.query(`select pg_notify('adapter_test', 'before')`);
    await next(received, 1);

    const { rows } = await db.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    expect(rows.some((r) => r.killed)).toBe(true);

    // Notify until the reopened connection hears one (it reconnects within a moment).
    await expect
      .poll(
        async () => {
          await db.query(`select pg_notify('adapter_test', 'after')`);
          return received.includes('after');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });

  it('rolls a failed transaction back and keeps serving', async () => {
    await db.exec('create table t (id int primary key)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        await tx.query('insert into t values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(rows[0]!.n).toBe(0);
  });
});
