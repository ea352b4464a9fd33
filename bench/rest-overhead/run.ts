// The Data API's overhead on the tournament list: the request the app makes (src/lib/get-tournaments.ts,
// as anon and as a signed-in player) under load over HTTP, beside the same statements run directly
// on the database through the same handle in the same process, so the overhead is a ratio. See README.md.
//   npx tsx bench/rest-overhead/run.ts [--postgres] [--connections 50] [--duration 20] [--warmup 5]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../../server/config.ts';
import type { Queryable } from '../../server/db/database.ts';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { ROOT, startTestStack, type TestStack } from '../../server/tests/helpers.ts';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
  },
});
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.duration);
/**
 * Seconds each phase runs unmeasured first. V8 optimises the server's code (and the database
 * driver's, which both phases share) during the first thousands of requests: measured from a cold
 * start, the HTTP phase paid that for both, since the direct phase ran after it.
 */
const WARMUP = Number(args.warmup);
const TARGET_RATIO = 1.5;
const dbName = args.postgres ? 'postgres' : 'pglite';

const ANON_SELECT = '*, phase, champion';
const PLAYER_SELECT = '*, phase, champion, discord_invite, my_team:teams!teams_tournament_id_fkey(id)';
const app = readFileSync(`${ROOT}/src/lib/get-tournaments.ts`, 'utf8');
for (const select of [ANON_SELECT, PLAYER_SELECT])
  if (!app.includes(`.select('${select}')`))
    console.warn(`bench/rest-overhead: src/lib/get-tournaments.ts no longer selects '${select}': update this bench`);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** This process's CPU time (every thread: the server, PGlite's worker) per request, ms. */
  cpuMs?: number;
  /** CPU per request of each party, ms (see perParty). */
  parties?: Record<string, number>;
}

/** Runs a phase and adds this process's CPU time per request to its figures (steadier than req/s on a busy machine). */
async function withCpu(stack: TestStack, phase: () => Promise<Figures & { count: number }>): Promise<Figures> {
  const before = process.cpuUsage();
  const { result: f, cpu } = await perParty(stack, phase);
  const used = process.cpuUsage(before);
  return { ...f, cpuMs: (used.user + used.system) / 1000 / f.count, parties: cpu };
}

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime, stime, cutime, cstime of a /proc stat file, in ms (0 for a process gone or unreadable). */
function procCpu(path: string): { own: number; children: number } {
  try {
    const fields = readFileSync(path, 'utf8').split(') ').pop()!.split(' ');
    const ms = (i: number) => (Number(fields[i]) * 1000) / TICKS;
    return { own: ms(11) + ms(12), children: ms(13) + ms(14) };
  } catch {
    return { own: 0, children: 0 };
  }
}

/** The Postgres backends serving the stack's database (none on PGlite). */
async function backendPids(stack: TestStack): Promise<number[]> {
  if (!args.postgres) return [];
  const { rows } = await stack.ctx.db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  return rows.map((r) => r.pid);
}

/**
 * CPU time of this process's parties so far, ms (Linux /proc): its main thread (the server's event
 * loop, or the direct loops), its other threads (PGlite's worker, GC, zlib) and the children it has
 * reaped (autocannon).
 */
function ownParties(): { main: number; threads: number; autocannon: number } {
  const self = procCpu('/proc/self/stat');
  const main = procCpu(`/proc/self/task/${process.pid}/stat`).own;
  return { main, threads: self.own - main, autocannon: self.children };
}

/** CPU per request of each party in a phase; Postgres's backends counted one by one (new ones from zero). */
async function perParty<T extends { count: number }>(stack: TestStack, phase: () => Promise<T>) {
  const pgStart = new Map((await backendPids(stack)).map((pid) => [pid, procCpu(`/proc/${pid}/stat`).own]));
  const start = ownParties();
  const result = await phase();
  const end = ownParties();
  let postgres = 0;
  for (const pid of new Set([...pgStart.keys(), ...(await backendPids(stack))])) {
    const now = procCpu(`/proc/${pid}/stat`).own;
    if (now) postgres += now - (pgStart.get(pid) ?? 0);
  }
  const per = (ms: number) => ms / result.count;
  return {
    result,
    cpu: {
      main: per(end.main - start.main),
      threads: per(end.threads - start.threads),
      autocannon: per(end.autocannon - start.autocannon),
      postgres: per(postgres),
    },
  };
}

/** What supabase-js sent for getTournaments: the URL and headers, and the statements the Data API ran. */
interface Captured {
  url: string;
  headers: Record<string, string>;
  statements: { sql: string; params?: unknown[] }[];
}

/**
 * Runs the request getTournaments makes through supabase-js once and records its request, and the
 * statements the Data API ran in its transaction (the caller set-up and the read), by watching the
 * stack's database handle for that one request.
 */
async function capture(stack: TestStack, session?: { access_token: string; userId: string }): Promise<Captured> {
  let request: { url: string; headers: Record<string, string> } | undefined;
  const client = createClient(stack.url, stack.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      headers: session ? { Authorization: `Bearer ${session.access_token}` } : {},
      fetch: (input, init) => {
        const headers: Record<string, string> = {};
        new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
        request = { url: String(input), headers };
        return fetch(input, init);
      },
    },
  });
  const db = stack.ctx.db;
  const transaction = db.transaction.bind(db);
  const statements: Captured['statements'] = [];
  db.transaction = (fn) =>
    transaction((tx) =>
      fn({
        query: (sql, params) => (statements.push({ sql, params }), tx.query(sql, params)),
        exec: (sql) => (statements.push({ sql }), tx.exec(sql)),
      } as Queryable),
    );
  try {
    // getTournaments's two requests (src/lib/get-tournaments.ts; the selects are checked against it above).
    const newestFirst = { ascending: false } as const;
    const { data } = session
      ? await client
          .from('tournaments')
          .select(PLAYER_SELECT)
          .eq('my_team.registered_by', session.userId)
          .order('created_at', newestFirst)
          .throwOnError()
      : await client.from('tournaments').select(ANON_SELECT).order('created_at', newestFirst).throwOnError();
    if (!data?.length) throw new Error('the seed has no tournaments');
  } finally {
    db.transaction = transaction;
  }
  return { ...request!, statements };
}

/** The same statements, in one transaction each, from CONNECTIONS loops for `seconds`. */
async function direct(
  stack: TestStack,
  statements: Captured['statements'],
  seconds = SECONDS,
): Promise<Figures & { count: number }> {
  const db = stack.ctx.db;
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await db.transaction(async (tx) => {
            for (const s of statements) {
              if (s.params) await tx.query(s.sql, s.params);
              else await tx.exec(s.sql);
            }
          });
        } catch {
          errors++;
        }
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))]!;
  return { rps: times.length / elapsed, p50: pct(50), p99: pct(99), errors, count: times.length };
}

/** autocannon in its own process (so it does not share this event loop with the server). */
function overHttp(captured: Captured, seconds = SECONDS): Promise<Figures & { count: number }> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headerArgs = Object.entries(captured.headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, '-j', '-c', String(CONNECTIONS), '-d', String(seconds), ...headerArgs, captured.url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out.trim().split('\n').pop()!) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
        timeouts: number;
      };
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx + r.timeouts,
        count: r.requests.total,
      });
    });
  });
}

const line = (name: string, f: Figures) =>
  `  ${name.padEnd(8)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   CPU ${f.cpuMs!.toFixed(2)} ms/req${f.errors ? `   ${f.errors} errors` : ''}\n` +
  `           CPU ms/req by party: ${Object.entries(f.parties!)
    .filter(([party, ms]) => ms > 0 || party === 'main')
    .map(([party, ms]) => `${PARTY_NAMES[party] ?? party} ${ms.toFixed(2)}`)
    .join(', ')}`;

const PARTY_NAMES: Record<string, string> = {
  main: 'main thread',
  threads: 'other threads',
  autocannon: 'autocannon',
  postgres: 'Postgres backends',
};

const stack = await startTestStack({ postgres: args.postgres });
try {
  const player = createClient(stack.url, stack.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await player.auth.signInWithPassword({
    email: SAMPLE_PLAYER_EMAIL,
    password: SAMPLE_PLAYER_PASSWORD,
  });
  if (error) throw error;
  const callers = [
    { who: 'anon', session: undefined },
    { who: 'player', session: { access_token: data.session.access_token, userId: data.user.id } },
  ];
  console.log(
    `Tournament list (src/lib/get-tournaments.ts) on ${args.postgres ? 'Postgres (127.0.0.1:5432)' : 'PGlite'}: ` +
      `${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s unmeasured, HTTP (autocannon) then direct ` +
      `(same statements, same db handle)`,
  );
  for (const { who, session } of callers) {
    const captured = await capture(stack, session);
    if (WARMUP > 0) await overHttp(captured, WARMUP);
    const http = await withCpu(stack, () => overHttp(captured));
    if (WARMUP > 0) await direct(stack, captured.statements, WARMUP);
    const db = await withCpu(stack, () => direct(stack, captured.statements));
    const ratio = db.rps / http.rps;
    // Every party's CPU per request (this process, autocannon, Postgres): on cores that all of them
    // share and keep busy, the time ratio tends to this one, which moves less with other jobs' load.
    const sum = (f: Figures) => Object.values(f.parties!).reduce((a, b) => a + b, 0);
    const allCpuRatio = sum(http) / sum(db);
    console.log(`${who}: GET ${new URL(captured.url).pathname}${new URL(captured.url).search}`);
    console.log(line('HTTP', http));
    console.log(line('direct', db));
    console.log(
      `  time per request, HTTP / direct: ${ratio.toFixed(2)}x (target at most ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}; ` +
        `CPU per request ${(http.cpuMs! / db.cpuMs!).toFixed(2)}x, every party's ${allCpuRatio.toFixed(2)}x`,
    );
    const name = `rest-overhead.${dbName}.${who}`;
    for (const result of [
      { name: `${name}.http_rps`, value: Math.round(http.rps), unit: 'req/s' },
      { name: `${name}.http_p50`, value: http.p50, unit: 'ms' },
      { name: `${name}.http_p99`, value: http.p99, unit: 'ms' },
      { name: `${name}.direct_rps`, value: Math.round(db.rps), unit: 'req/s' },
      { name: `${name}.direct_p99`, value: Number(db.p99.toFixed(1)), unit: 'ms' },
      { name: `${name}.ratio`, value: Number(ratio.toFixed(2)), unit: 'x', target: `<= ${TARGET_RATIO}` },
      { name: `${name}.cpu_ratio`, value: Number((http.cpuMs! / db.cpuMs!).toFixed(2)), unit: 'x' },
      { name: `${name}.all_cpu_ratio`, value: Number(allCpuRatio.toFixed(2)), unit: 'x' },
    ])
      console.log(`RESULT ${JSON.stringify(result)}`);
  }
} finally {
  await stack.destroy();
}
process.exit(0);
