// Can one slow statement freeze the site? Starts the stack on a PGlite folder with the Data API test
// fixture (its `slow(seconds)` function is callable by anon, whose statement_timeout is 3 s) and
// prints, for an anonymous `slow(10)` sent together with a normal read:
// - when the slow call is answered, and with what;
// - when the read sent at the same moment is answered (it waits for the cut on PGlite: one connection);
// - how late a 10 ms timer on the server's own thread fires meanwhile (the server answering at all);
// - that the rows committed before are all there afterwards.
// Usage: npx tsx bench/security/statement-timeout.ts [--postgres]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, startTestStack } from '../../server/tests/helpers.ts';

const { values: args } = parseArgs({ options: { postgres: { type: 'boolean', default: false } } });
const deadline = setTimeout(() => {
  console.error('bench/security: gave up after 5 minutes');
  process.exit(2);
}, 300_000);
deadline.unref();

const stack = await startTestStack({
  supabaseDir: join(ROOT, 'server/tests/fixtures/rest-parity'),
  postgres: args.postgres,
});
try {
  const anon = stack.client();
  const before = await anon.from('players').select('id', { count: 'exact', head: true });

  // The server thread's responsiveness: the worst lateness of a 10 ms timer.
  let worstLag = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - last - 10);
    last = now;
  }, 10);

  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const slow = anon.rpc('slow', { p_seconds: 10 }).then((r) => ({ at: ms(), r }));
  const read = anon
    .from('players')
    .select('name')
    .limit(1)
    .then((r) => ({ at: ms(), r }));
  const [s, q] = await Promise.all([slow, read]);
  clearInterval(ticker);
  const after = await anon.from('players').select('id', { count: 'exact', head: true });

  console.log(`database: ${args.postgres ? 'Postgres' : 'PGlite (folder)'}`);
  console.log(
    `slow(10) as anon:      answered at ${s.at} ms, ${s.r.error ? `${s.r.error.code} ${s.r.error.message}` : 'ok'}`,
  );
  console.log(
    `read sent with it:     answered at ${q.at} ms, ${q.r.error ? q.r.error.code : `${q.r.data?.length} row`}`,
  );
  console.log(`server thread:         worst timer lateness ${Math.round(worstLag)} ms`);
  console.log(`committed rows:        ${before.count} before, ${after.count} after`);
} finally {
  await stack.destroy();
}
