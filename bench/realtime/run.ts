// Realtime benchmark: commit-to-delivery latency of postgres_changes with 1, 100 and 500
// subscribers (each its own player, so each is its own RLS check), the change rate sustained, and
// the server's RSS at 500 idle sockets. The server runs in a child process (server.ts); loopback only.
// Usage: npx tsx bench/realtime/run.ts [--db pglite|postgres|both] [--rate-only] [--gather-ms N]   (default pglite)
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { request } from '../child.ts';

type Ready = { op: 'ready'; url: string; anonKey: string; tokens: string[]; database: string };
type Result = { name: string; value: number; unit: string; target?: string };

// Issue 15's targets.
const TARGET_P99_500_MS = 100;
const TARGET_RATE_100 = 500;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    // Only the sustained-rate table (no memory, no latency rounds).
    'rate-only': { type: 'boolean', default: false },
    // Realtime's gatherMs (server/realtime/capture.ts); the server's default when not given.
    'gather-ms': { type: 'string' },
  },
});
if (!['pglite', 'postgres', 'both'].includes(args.db!)) throw new Error('--db is pglite, postgres or both');
type Inserted = { op: 'inserted'; commits: [number, number][]; ms: number };
type Rss = { op: 'rss'; rss: number; sockets: number };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Subscriber {
  ws: WebSocket;
  /** change id -> receive time */
  got: Map<number, number>;
}

async function openSubscribers(ready: Ready, n: number, table = 'bench_events'): Promise<Subscriber[]> {
  const url = `${ready.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${ready.anonKey}&vsn=2.0.0`;
  const subs: Subscriber[] = [];
  for (let start = 0; start < n; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - start) }, (_, j) => {
        const i = start + j;
        return new Promise<Subscriber>((resolve, reject) => {
          const ws = new WebSocket(url);
          const sub: Subscriber = { ws, got: new Map() };
          ws.on('error', reject);
          ws.on('message', (data) => {
            const t = now();
            const [, ref, , event, payload] = JSON.parse(data.toString()) as [
              string,
              string,
              string,
              string,
              { status?: string; data?: { record?: { id?: unknown } } },
            ];
            if (event === 'postgres_changes') sub.got.set(Number(payload.data?.record?.id), t);
            else if (event === 'phx_reply' && ref === 'join') {
              if (payload.status === 'ok') resolve(sub);
              else reject(new Error(JSON.stringify(payload)));
            }
          });
          ws.on('open', () =>
            ws.send(
              JSON.stringify([
                'join',
                'join',
                `realtime:bench-${i}`,
                'phx_join',
                {
                  config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table }] },
                  access_token: ready.tokens[i],
                },
              ]),
            ),
          );
        });
      }),
    );
    subs.push(...batch);
  }
  return subs;
}

async function closeSubscribers(subs: Subscriber[]): Promise<void> {
  await Promise.all(
    subs.map(
      (s) =>
        new Promise<void>((r) => {
          if (s.ws.readyState === WebSocket.CLOSED) return r();
          s.ws.once('close', () => r());
          s.ws.close();
        }),
    ),
  );
}

async function allReceived(subs: Subscriber[], ids: number[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (subs.every((s) => ids.every((id) => s.got.has(id)))) return true;
    await sleep(2);
  }
  return false;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const round = (v: number) => Number(v.toFixed(1));

async function run(kind: 'pglite' | 'postgres'): Promise<{ results: Result[]; summary: string[] }> {
  const results: Result[] = [];
  const gather = args['gather-ms'] === undefined ? [] : [String(Number(args['gather-ms']))];
  const child = fork(join(import.meta.dirname, 'server.ts'), ['500', kind, ...gather], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
  });
  const ready = await request<Ready>(child, null, 'ready');
  const heartbeat = (subs: Subscriber[]) =>
    setInterval(() => {
      for (const s of subs)
        if (s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
    }, 20_000);

  const rateOnly = args['rate-only'];
  // Memory first, while the heap has seen nothing else.
  await sleep(500);
  const before = await request<Rss>(child, { op: 'rss' }, 'rss');
  let after = before;
  if (!rateOnly) {
    const idle = await openSubscribers(ready, 500);
    await sleep(3000);
    after = await request<Rss>(child, { op: 'rss' }, 'rss');
    await closeSubscribers(idle);
  }
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;

  const dbLabel = kind === 'pglite' ? 'PGlite (a folder on disk, as npm start)' : 'Postgres';
  console.log(
    `Realtime postgres_changes on ${dbLabel}, one player per subscriber; latency from the insert call\n(commit included) to the frame at each subscriber\n`,
  );
  let p99At500 = NaN;
  let rateAt100 = NaN;
  console.log('table         subscribers  changes  p50 latency  p99 latency  lost');
  const phases = rateOnly
    ? []
    : ([
        ['bench_events', 1, 200],
        ['bench_events', 100, 60],
        ['bench_events', 500, 30],
        ['bench_public', 500, 30],
      ] as const);
  for (const [table, n, rounds] of phases) {
    const subs = await openSubscribers(ready, n, table);
    const hb = heartbeat(subs);
    const latencies: number[] = [];
    let lost = 0;
    for (let r = 0; r < rounds; r++) {
      const { commits } = await request<Inserted>(child, { op: 'insert', table, count: 1, inFlight: 1 }, 'inserted');
      const [id, committedAt] = commits[0]!;
      if (!(await allReceived(subs, [id], 5000))) lost++;
      for (const s of subs) {
        const t = s.got.get(id);
        if (t !== undefined) latencies.push(t - committedAt);
      }
    }
    clearInterval(hb);
    latencies.sort((a, b) => a - b);
    const name = `realtime.${kind}.${table === 'bench_events' ? 'rls' : 'open'}.${n}`;
    results.push(
      { name: `${name}.p50`, value: round(pct(latencies, 0.5)), unit: 'ms' },
      {
        name: `${name}.p99`,
        value: round(pct(latencies, 0.99)),
        unit: 'ms',
        ...(table === 'bench_events' && n === 500 ? { target: `<= ${TARGET_P99_500_MS}` } : {}),
      },
    );
    if (table === 'bench_events' && n === 500) p99At500 = pct(latencies, 0.99);
    console.log(
      `${table.padEnd(12)}  ${String(n).padStart(11)}  ${String(rounds).padStart(7)}  ${ms(pct(latencies, 0.5)).padStart(11)}  ${ms(pct(latencies, 0.99)).padStart(11)}  ${lost}`,
    );
    await closeSubscribers(subs);
  }
  console.log('bench_events: RLS `(select auth.uid()) is not null`, checked for every subscriber;');
  console.log('bench_public: `using (true)`, no per-subscriber check.');

  const gatherNote =
    args['gather-ms'] === undefined ? '' : `, Realtime gathering batches up to ${args['gather-ms']} ms`;
  console.log(`\nsustained rate on bench_events: 2000 single-row inserts, 8 in flight${gatherNote}`);
  console.log('subscribers  commits/s  delivered changes/s  p50 latency  p99 latency');
  for (const n of [0, 1, 100]) {
    const subs = await openSubscribers(ready, n);
    const hb = heartbeat(subs);
    const started = now();
    const { commits } = await request<Inserted>(
      child,
      { op: 'insert', table: 'bench_events', count: 2000, inFlight: 8 },
      'inserted',
    );
    const committed = now();
    const ids = commits.map(([id]) => id);
    await allReceived(subs, ids, 60_000);
    let last = 0;
    const latencies: number[] = [];
    for (const s of subs) {
      for (const [id, at] of commits) {
        const t = s.got.get(id);
        if (t === undefined) continue;
        last = Math.max(last, t);
        latencies.push(t - at);
      }
    }
    clearInterval(hb);
    latencies.sort((a, b) => a - b);
    const rate = (ids.length / (last - started)) * 1000;
    const commitRate = (ids.length / (committed - started)) * 1000;
    if (n === 0) {
      console.log(`${String(n).padStart(11)}  ${commitRate.toFixed(0).padStart(9)}  (the database's own commit rate)`);
      results.push({ name: `realtime.${kind}.sustained.0.commits`, value: Math.round(commitRate), unit: 'commits/s' });
      await closeSubscribers(subs);
      continue;
    }
    // Sustained: every change delivered to every subscriber, from the first insert to the last frame.
    const sustained = Math.min(commitRate, rate);
    if (n === 100) rateAt100 = sustained;
    results.push(
      {
        name: `realtime.${kind}.sustained.${n}.commits`,
        value: Math.round(sustained),
        unit: 'commits/s',
        ...(n === 100 ? { target: `>= ${TARGET_RATE_100}` } : {}),
      },
      { name: `realtime.${kind}.sustained.${n}.p50`, value: round(pct(latencies, 0.5)), unit: 'ms' },
      { name: `realtime.${kind}.sustained.${n}.p99`, value: round(pct(latencies, 0.99)), unit: 'ms' },
    );
    console.log(
      `${String(n).padStart(11)}  ${commitRate.toFixed(0).padStart(9)}  ${rate.toFixed(0).padStart(19)}  ${ms(pct(latencies, 0.5)).padStart(11)}  ${ms(pct(latencies, 0.99)).padStart(11)}`,
    );
    await closeSubscribers(subs);
  }

  if (!rateOnly) {
    console.log(
      `\nserver RSS: ${mb(before.rss)} with ${before.sockets} sockets, ${mb(after.rss)} with ${after.sockets} idle joined sockets (${((after.rss - before.rss) / 1024 / after.sockets).toFixed(0)} KB each)`,
    );
    // The latency and rate tables above are read from their text by bench/run-all.ts.
    console.log(
      `RESULT ${JSON.stringify({ name: 'realtime.rss_500_sockets', value: Math.round(after.rss / 2 ** 20), unit: 'MB' })}`,
    );
  }
  child.send({ op: 'stop' });
  await new Promise((r) => child.once('exit', r));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return {
    results,
    summary: [
      ...(rateOnly
        ? []
        : [
            `${kind}: 500 subscribers on an RLS table, commit-to-delivery p99 ${ms(p99At500)} (target at most ${TARGET_P99_500_MS} ms) ${met(p99At500 <= TARGET_P99_500_MS)}`,
          ]),
      `${kind}: 100 subscribers, sustained ${rateAt100.toFixed(0)} commits/s delivered to all (target at least ${TARGET_RATE_100}) ${met(rateAt100 >= TARGET_RATE_100)}`,
    ],
  };
}

async function main() {
  const kinds = args.db === 'both' ? (['pglite', 'postgres'] as const) : [args.db as 'pglite' | 'postgres'];
  const results: Result[] = [];
  const summary: string[] = [];
  for (const kind of kinds) {
    const r = await run(kind);
    results.push(...r.results);
    summary.push(...r.summary);
    console.log('');
  }
  console.log('Targets (issue 15):');
  for (const line of summary) console.log(`  ${line}`);
  for (const result of results) console.log(`RESULT ${JSON.stringify(result)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
