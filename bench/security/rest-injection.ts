// What the Data API answers to the two hostile URLs of the security review, and how fast: the select
// cast that smuggled a UNION (issue 9's injection) and a NUL byte inside a quoted name (a select alias,
// an order column, an on_conflict name). Starts a stack on loopback (PGlite, or this machine's Postgres
// with --postgres) with the project's migrations and prints status, error code and time per request.
// Usage: npx tsx bench/security/rest-injection.ts [--runs 20] [--postgres]
import { parseArgs } from 'node:util';
import { startTestStack } from '../../server/tests/helpers.ts';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, postgres: { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Math.min(Number(args.runs) || 20, 1000));

const URLS: [string, string][] = [
  [
    'injection: select cast with a UNION',
    `/tournaments?select=${encodeURIComponent('id::text as id from tournaments x union all select rolname from pg_roles union all select name')}`,
  ],
  ['NUL in a quoted select alias', `/tournaments?select=${encodeURIComponent('"a\u0000b":id')}`],
  ['NUL in a quoted order column', `/tournaments?order=${encodeURIComponent('"a\u0000b".desc')}`],
  ['NUL in a filter value', `/tournaments?name=${encodeURIComponent('eq.a\u0000b')}`],
  ['NUL in on_conflict (POST)', `/tournaments?on_conflict=${encodeURIComponent('"a\u0000b"')}`],
];

const deadline = setTimeout(() => {
  console.error('bench/security: gave up after 5 minutes');
  process.exit(2);
}, 300_000);
deadline.unref();

const stack = await startTestStack({ postgres: args.postgres });
try {
  console.log(`Data API on ${args.postgres ? 'Postgres' : 'PGlite'}, ${RUNS} runs per URL (loopback)`);
  for (const [label, path] of URLS) {
    const post = path.includes('on_conflict');
    const times: number[] = [];
    const answers = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await fetch(`${stack.url}/rest/v1${path}`, {
        method: post ? 'POST' : 'GET',
        headers: {
          apikey: stack.ctx.keys.anonKey,
          'content-type': 'application/json',
          ...(post ? { Prefer: 'resolution=merge-duplicates' } : {}),
        },
        body: post ? '{"name":"x"}' : undefined,
      });
      const text = await res.text();
      times.push(performance.now() - start);
      let code = '';
      try {
        code = String((JSON.parse(text) as { code?: unknown }).code ?? '');
      } catch {
        code = 'not JSON';
      }
      const key = `${res.status}${code ? ` ${code}` : ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    const statuses = [...answers].map(([k, n]) => `${k} x${n}`).join(', ');
    console.log(`${label.padEnd(38)} ${statuses.padEnd(22)} p50 ${at(0.5)} ms, max ${at(1)} ms`);
  }
} finally {
  await stack.destroy();
}
