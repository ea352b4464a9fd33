// Latency and throughput of the Data API per query shape, over loopback HTTP with plain fetch (what
// supabase-js sends). Prints figures; see README.md.
//   npx tsx bench/rest/run.ts [requests=300] [concurrency=8] [--postgres]
import { join } from 'node:path';
import { ROOT, startTestStack } from '../../server/tests/helpers.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const requests = Number(args[0] ?? 300);
const concurrency = Number(args[1] ?? 8);
const postgres = process.argv.includes('--postgres');

const stack = await startTestStack({ supabaseDir: join(ROOT, 'server/tests/fixtures/rest-supabase'), postgres });
const { rows } = await stack.ctx.db.query<{ id: string }>(
  `insert into auth.users (id, email) values (gen_random_uuid(), 'bench@example.com') returning id::text`,
);
const token = await stack.ctx.keys.jwt.sign({ sub: rows[0]!.id, role: 'authenticated', aud: 'authenticated' }, 3600);
const headers = {
  apikey: stack.ctx.keys.anonKey,
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
};
let nextId = 1000;

const shapes: [string, () => RequestInit & { path: string }][] = [
  ['select *', () => ({ path: '/books?select=*' })],
  [
    'filter + count=exact',
    () => ({
      path: '/books?select=id,title&year=gt.1970&order=year.desc&limit=2',
      headers: { ...headers, Prefer: 'count=exact' },
    }),
  ],
  ['two-level embed', () => ({ path: '/authors?select=name,books!author_id(title,genres(name))' })],
  [
    'insert, return=representation',
    () => ({
      path: '/notes?select=id,title',
      method: 'POST',
      headers: { ...headers, Prefer: 'return=representation' },
      body: JSON.stringify({ title: `n${nextId++}` }),
    }),
  ],
  [
    'rpc setof + filter',
    () => ({ path: '/rpc/books_by?select=id&year=gt.1970', method: 'POST', body: JSON.stringify({ author: 1 }) }),
  ],
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
console.log(
  `Data API on ${postgres ? 'Postgres' : 'PGlite'}: ${requests} requests per shape, ${concurrency} concurrent`,
);
try {
  for (const [name, make] of shapes) {
    const times: number[] = [];
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < requests) {
          sent++;
          const { path, ...init } = make();
          const t0 = performance.now();
          const res = await fetch(`${stack.url}/rest/v1${path}`, { headers, ...init });
          await res.arrayBuffer();
          if (res.status >= 400) throw new Error(`${name}: HTTP ${res.status}`);
          times.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(32)} ${(times.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(times, 50).toFixed(1)} ms   p99 ${pct(times, 99).toFixed(1)} ms`,
    );
  }
} finally {
  await stack.destroy();
}
