// One interface over the two databases the local stack runs on: PGlite (embedded, persisted in a
// folder) and a real Postgres (DATABASE_URL). Every service in server/ talks to Postgres through it.
import pg from 'pg';
// PGlite runs on a worker thread, where a statement that overruns statement_timeout can be cut.
import { openPglite as openPgliteWorker } from './pglite-host.ts';

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE, when Postgres reports it. */
  rowCount: number;
}

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (migrations, SET LOCAL ...). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where the data lives, for people: a folder or a connection string without its password. */
  readonly location: string;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * Collects what start-up left behind (migrations, caches), where the process was started with
   * --expose-gc (`npm start`): PGlite's worker thread has a heap of its own. Otherwise nothing.
   */
  collectGarbage?(): Promise<void>;
}

/**
 * One transaction of start-up work (the prelude, migrations, seed, the first administrator), not cut
 * by config.toml's [db.settings] statement_timeout: that limit is for the requests the site answers.
 * On hosted Supabase the prelude is the platform's own set-up, and `supabase db push` and the
 * dashboard's user creation connect as postgres; none runs under it. A slow or busy machine's
 * start-up can take longer than a short limit (rest-timeouts.test.ts starts with 150 ms).
 */
export function untimed<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec('set local statement_timeout = 0');
    return fn(tx);
  });
}

export interface OpenOptions {
  /** A postgres:// URL. When set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite's folder. Undefined means in memory (tests only). */
  dataDir?: string;
  /** Every session's statement_timeout, as postgresql.conf would set it (`[db.settings]`). */
  statementTimeout?: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.statementTimeout)
    : openPgliteWorker({
        dataDir: options.dataDir,
        bootstrapUser: BOOTSTRAP_USER,
        statementTimeout: options.statementTimeout,
      });
}

/** The superuser of a fresh database, as on hosted Supabase; postgres is made an ordinary role. */
export const BOOTSTRAP_USER = 'supabase_admin';

/** Thrown when every pooled connection stayed busy for the pool's wait limit (PostgREST's PGRST003). */
export class PoolTimeoutError extends Error {
  readonly code = 'PGRST003';
  constructor() {
    super('Timed out acquiring connection from connection pool.');
    this.name = 'PoolTimeoutError';
  }
}

async function openPostgres(url: string, statementTimeout: string | undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // Each session starts with it, as with a postgresql.conf setting.
    ...(statementTimeout ? { options: `-c statement_timeout=${statementTimeout.replace(/\s/g, '')}` } : {}),
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    // DB_POOL_TIMEOUT_MS: how long a request waits for a free connection before it is answered 504,
    // so slow requests holding every connection cannot make the others queue for ever.
    connectionTimeoutMillis: Number(process.env.DB_POOL_TIMEOUT_MS ?? 10_000),
  });
  const connect = async () => {
    try {
      return await pool.connect();
    } catch (error) {
      if (/timeout exceeded when trying to connect/i.test((error as Error).message)) throw new PoolTimeoutError();
      throw error;
    }
  };
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query(sql, params) {
      const r = await q.query(sql, params as unknown[] | undefined);
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql) {
      await q.query(sql);
    },
  });
  // One dedicated connection carries every LISTEN. If it drops (Postgres restarted, network), it is
  // reopened with backoff and every channel is listened to again, so Realtime resumes by itself.
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const connectListener = (): Promise<pg.Client> => {
    listener ??= (async () => {
      for (let attempt = 0; ; attempt++) {
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
          client.on('notification', (n) => {
            for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
          });
          const lost = () => {
            client.removeAllListeners('notification');
            listener = undefined;
            if (!closed && handlers.size > 0) setTimeout(() => void connectListener().catch(() => {}), 100);
          };
          client.on('error', lost);
          client.on('end', lost);
          for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
          return client;
        } catch (error) {
          client.end().catch(() => {});
          if (closed || attempt >= 50) throw error;
          await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
        }
      }
    })();
    return listener;
  };
  return {
    kind: 'postgres',
    location: url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'),
    ...wrap(pool),
    async transaction(fn) {
      const client = await connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await connectListener()).query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}
