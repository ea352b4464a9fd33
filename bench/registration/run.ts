// How fast does register_team go through the Data API, and does the row lock hold under a stampede?
// Starts a local stack on loopback, then prints throughput and latency (p50, p99) of registrations
// at a fixed concurrency, and for a rush (500 clients starting within one second for 32 slots) its
// latency (p50, p99), its throughput and whether exactly 32 got in.
// Usage: npx tsx bench/registration/run.ts [--db pglite|postgres|both] [--registrations N] [--concurrency C]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Database } from '../../src/types/database.ts';
import { startTestStack, type TestStack } from '../../server/tests/helpers.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    registrations: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '16' },
    racers: { type: 'string', default: '500' },
    slots: { type: 'string', default: '32' },
  },
});
const REGISTRATIONS = Math.min(Number(args.registrations), 2000);
const CONCURRENCY = Math.min(Number(args.concurrency), 64);
const RACERS = Math.min(Number(args.racers), 1000);
const RACE_SLOTS = Number(args.slots);
const RUSH_MS = 1000;
const DEADLINE_MS = 300_000;

// Bounded: whatever happens, the bench ends.
const deadline = setTimeout(() => {
  console.error(`bench/registration: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

type Client = SupabaseClient<Database>;

async function createPlayers(stack: TestStack, count: number): Promise<Client[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await stack.ctx.db.query(
    `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
     select u.id, 'bench-' || u.id || '@example.com', jsonb_build_object('username', 'Bench ' || u.n), now()
     from unnest($1::uuid[]) with ordinality as u (id, n)`,
    [ids],
  );
  return Promise.all(
    ids.map(async (sub) => {
      const token = await stack.ctx.keys.jwt.sign({ sub, role: 'authenticated', aud: 'authenticated' }, 3600);
      return createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
        realtime: { transport: WebSocket as never },
      });
    }),
  );
}

async function createTournament(stack: TestStack, slots: number): Promise<string> {
  const { rows } = await stack.ctx.db.query<{ id: string }>(
    `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
     values ($1, 'Bench.', '/banners/brawlcup.svg', $2, 'https://discord.gg/brawlcup-bench', '2v2') returning id`,
    [`Bench ${randomUUID()}`, slots],
  );
  return rows[0]!.id;
}

function players(n: number) {
  const id = (slot: number) => `B${slot}${String(n).padStart(7, '0')}`;
  return [
    { player_id: id(1), in_game_name: `Bench ${n}a` },
    { player_id: id(2), in_game_name: `Bench ${n}b` },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function counts(stack: TestStack, tournamentId: string) {
  const { rows } = await stack.ctx.db.query<{ registered_teams: number; teams: number }>(
    `select registered_teams, (select count(*)::int from public.teams where tournament_id = $1) as teams
     from public.tournaments where id = $1`,
    [tournamentId],
  );
  return rows[0]!;
}

async function throughput(stack: TestStack, kind: string) {
  const tournamentId = await createTournament(stack, REGISTRATIONS);
  const clients = await createPlayers(stack, REGISTRATIONS);
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < REGISTRATIONS; i = next++) {
        const t0 = performance.now();
        const { error } = await clients[i]!.rpc('register_team', {
          p_tournament_id: tournamentId,
          p_team_name: `Team ${i}`,
          p_players: players(i),
        });
        latencies.push(performance.now() - t0);
        if (error) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const c = await counts(stack, tournamentId);
  console.log(
    `  throughput: ${REGISTRATIONS} registrations at concurrency ${CONCURRENCY}: ${(REGISTRATIONS / seconds).toFixed(1)} registrations/s; ` +
      `latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ` +
      `${errors} errors; registered_teams ${c.registered_teams} = teams ${c.teams}`,
  );
  for (const result of [
    {
      name: `registration.${kind}.throughput`,
      value: Number((REGISTRATIONS / seconds).toFixed(1)),
      unit: 'registrations/s',
    },
    { name: `registration.${kind}.p99`, value: Number(percentile(latencies, 99).toFixed(1)), unit: 'ms' },
  ])
    console.log(`RESULT ${JSON.stringify(result)}`);
}

async function race(stack: TestStack, kind: string) {
  const tournamentId = await createTournament(stack, RACE_SLOTS);
  const clients = await createPlayers(stack, RACERS);
  // A rush: the clients start spread evenly over one second, as when registration opens.
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(
    clients.map(async (c, i) => {
      await new Promise((r) => setTimeout(r, (i * RUSH_MS) / RACERS));
      const t0 = performance.now();
      const result = await c.rpc('register_team', {
        p_tournament_id: tournamentId,
        p_team_name: `Racer ${i}`,
        p_players: players(100_000 + i),
      });
      latencies.push(performance.now() - t0);
      return result;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ok = results.filter((r) => !r.error).length;
  const full = results.filter((r) => r.error?.message === 'The tournament is full').length;
  const other = results.length - ok - full;
  const c = await counts(stack, tournamentId);
  const verdict =
    ok === RACE_SLOTS && other === 0 && c.registered_teams === c.teams && c.teams === RACE_SLOTS ? 'OK' : 'WRONG';
  const rate = RACERS / seconds;
  console.log(
    `  rush: ${RACERS} clients within ${RUSH_MS / 1000} s for ${RACE_SLOTS} slots: ${ok} registered, ${full} "The tournament is full", ` +
      `${other} other errors; registered_teams ${c.registered_teams} = teams ${c.teams} (${seconds.toFixed(2)} s) ${verdict}`,
  );
  console.log(
    `    latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ` +
      `throughput ${rate.toFixed(1)} answers/s (every client answered in ${seconds.toFixed(2)} s)`,
  );
  if (other)
    console.log(
      `    first other error: ${JSON.stringify(results.find((r) => r.error && r.error.message !== 'The tournament is full')?.error)}`,
    );
  for (const result of [
    { name: `registration.${kind}.rush_p99`, value: Number(percentile(latencies, 99).toFixed(1)), unit: 'ms' },
    { name: `registration.${kind}.rush_throughput`, value: Number(rate.toFixed(1)), unit: 'answers/s' },
    { name: `registration.${kind}.rush_correct`, value: verdict, unit: '', target: 'OK' },
  ])
    console.log(`RESULT ${JSON.stringify(result)}`);
  return verdict === 'OK';
}

async function main() {
  const kinds = args.db === 'both' ? ['pglite', 'postgres'] : [args.db!];
  let allOk = true;
  for (const kind of kinds) {
    const stack = await startTestStack({ postgres: kind === 'postgres' });
    try {
      console.log(
        `register_team through ${stack.url}/rest/v1 on ${kind === 'postgres' ? 'Postgres (127.0.0.1:5432)' : 'PGlite (in-process)'}`,
      );
      await throughput(stack, kind);
      allOk = (await race(stack, kind)) && allOk;
    } finally {
      await stack.destroy();
    }
  }
  clearTimeout(deadline);
  process.exit(allOk ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
