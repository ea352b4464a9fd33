// The benchmark's server half, in its own process so its RSS is the server's alone: a stack on a
// fresh PGlite folder (or, with `postgres`, a fresh database on the Postgres at BENCH_PG_URL) with
// bench_events, players and their tokens, and writes on the parent's command (over IPC).
// Usage: server.ts <players> [pglite|postgres] [gather-ms]
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOptions } from '../../server/config.ts';
import { startStack } from '../../server/stack.ts';
import type { RealtimeOptions } from '../../server/realtime/server.ts';

type Command =
  | { op: 'insert'; table: 'bench_events' | 'bench_public'; count: number; inFlight: number }
  | { op: 'rss' }
  | { op: 'stop' };

const root = join(import.meta.dirname, '../..');
const players = Number(process.argv[2] ?? 500);
const postgres = process.argv[3] === 'postgres';
const gatherMs = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-bench-rt-'));

// On Postgres: an empty database of its own, dropped at the end.
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `brawlcup_bench_rt_${randomBytes(6).toString('hex')}`;
async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
if (postgres) await admin(`create database ${dbName}`);

// Every subscriber is on loopback: one address, more sockets than the per-address cap allows.
// gatherMs (bench option --gather-ms) is Realtime's own option, passed through by startStack.
const realtime: RealtimeOptions = { maxSocketsPerIp: players + 100, gatherMs };
const stack = await startStack({
  ...readOptions({}, root),
  staticDir: undefined,
  supabaseDir: join(import.meta.dirname, 'supabase'),
  dataDir,
  databaseUrl: postgres ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : undefined,
  port: 0,
  host: '127.0.0.1',
  quiet: true,
  realtime,
});
await stack.realtime.ready;
const tokens: string[] = [];
for (let i = 0; i < players; i++) {
  const id = randomUUID();
  await stack.ctx.db.query('insert into auth.users (id, email) values ($1, $2)', [id, `bench-${i}@example.com`]);
  tokens.push(
    await stack.ctx.keys.jwt.sign(
      { sub: id, role: 'authenticated', email: `bench-${i}@example.com`, aud: 'authenticated' },
      3600,
    ),
  );
}

const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);

process.on('message', async (cmd: Command) => {
  if (cmd.op === 'rss') {
    global.gc?.();
    return send({ op: 'rss', rss: process.memoryUsage().rss, sockets: stack.realtime.connections });
  }
  if (cmd.op === 'stop') {
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
    if (postgres) await admin(`drop database if exists ${dbName} with (force)`);
    return process.exit(0);
  }
  // `count` single-row transactions, `inFlight` at a time; each id is reported with the time it was issued.
  let next = 0;
  const commits: [number, number][] = [];
  const started = now();
  await Promise.all(
    Array.from({ length: cmd.inFlight }, async () => {
      while (next < cmd.count) {
        next++;
        // PGlite runs NOTIFY callbacks before the query's promise settles, so the time taken
        // after it can be later than the delivery: latency counts from the call, commit included.
        const issued = now();
        const { rows } = await stack.ctx.db.query<{ id: string | number }>(
          `insert into public.${cmd.table} (room, note) values (1, $1) returning id`,
          ['bench'],
        );
        commits.push([Number(rows[0]!.id), issued]);
      }
    }),
  );
  send({ op: 'inserted', commits, ms: now() - started });
});

send({ op: 'ready', url: stack.url, anonKey: stack.ctx.keys.anonKey, tokens, database: stack.ctx.db.kind });
