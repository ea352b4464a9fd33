// The match-room benchmark's server half, in its own process: a stack with the project's migrations
// on a fresh PGlite folder (or a fresh database on BENCH_PG_URL with `postgres`), a started 3v3
// best-of-3 whose round has a full draft, and the two captains' tokens.
// Usage: server.ts [pglite|postgres]
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOptions } from '../../server/config.ts';
import { startStack } from '../../server/stack.ts';

const root = join(import.meta.dirname, '../..');
const postgres = process.argv[2] === 'postgres';
const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-bench-room-'));
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `brawlcup_bench_room_${randomBytes(6).toString('hex')}`;
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

const stack = await startStack({
  ...readOptions({}, root),
  staticDir: undefined,
  dataDir,
  databaseUrl: postgres ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : undefined,
  port: 0,
  host: '127.0.0.1',
  quiet: true,
  notify: { edgeFunctions: false, dispatchIntervalMs: 15_000 },
  realtime: { maxSocketsPerIp: 200 },
});
await stack.realtime.ready;

const db = stack.ctx.db;
const captains = [randomUUID(), randomUUID()];
await db.query(
  `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                           confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
   select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', 'bench-room-' || u.id || '@example.com', '',
          '{}', jsonb_build_object('username', 'Bencher ' || u.n), '', '', '', '', now(), now()
   from unnest($1::uuid[]) with ordinality as u (id, n)`,
  [captains],
);
const { rows } = await db.query<{ id: string }>(
  `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of)
   values ('Bench Draft', 'Bench.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/bench', '3v3', 'single_elimination', 3)
   returning id`,
);
const tournamentId = rows[0]!.id;
await db.query(
  `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
   select $1, 'Bench ' || u.n, u.id, now(), u.n from unnest($2::uuid[]) with ordinality as u (id, n)`,
  [tournamentId, captains],
);
await db.transaction(async (tx) => {
  await tx.query(
    `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
  );
  await tx.query(`select public.start_tournament($1, 'manual')`, [tournamentId]);
  await tx.query(`select public.set_round_draft($1, 'winners', 1, 'full', '[]', 0, 2, 1, null, 300)`, [tournamentId]);
});
const matchId = (
  await db.query<{ id: string }>('select id from public.matches where tournament_id = $1', [tournamentId])
).rows[0]!.id;
const tokens = await Promise.all(
  captains.map((id) => stack.ctx.keys.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600)),
);

process.on('message', async (cmd: { op: 'stop' }) => {
  if (cmd.op !== 'stop') return;
  await stack.close();
  await rm(dataDir, { recursive: true, force: true });
  if (postgres) await admin(`drop database if exists ${dbName} with (force)`);
  process.exit(0);
});
process.send!({ op: 'ready', url: stack.url, anonKey: stack.ctx.keys.anonKey, tokens, matchId, database: db.kind });
