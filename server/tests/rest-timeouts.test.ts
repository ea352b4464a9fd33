// Statement time-outs as hosted Supabase has them (anon 3 s, authenticated 8 s, set on the roles and
// applied by the Data API to the role it switches to, as PostgREST does), and on Postgres a pool wait
// limit, so one slow request cannot stall the others. PGlite runs on a worker thread that is ended
// and opened again when a statement overruns (server/db/pglite-host.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, makeClient, startTestStack, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/rest-parity');

describe.each(['pglite', 'postgres'] as const)('statement time-outs per role on %s', (backend) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it("applies the API role's statement_timeout to every request", async () => {
    const anon = await stack.client().rpc('my_statement_timeout');
    expect(anon.data).toBe('3s');
    const token = await stack.ctx.keys.jwt.sign(
      { sub: '00000000-0000-4000-8000-000000000abc', role: 'authenticated', aud: 'authenticated' },
      60,
    );
    const user = await makeClient(stack.url, token).rpc('my_statement_timeout');
    expect(user.data).toBe('8s');
  });

  // PGlite has one connection: there the quick read waits for the cut instead of passing it.
  it.runIf(backend === 'postgres')(
    'cuts a slow anonymous statement at its time-out while other requests go on',
    async () => {
      const slow = stack.client().rpc('slow', { p_seconds: 30 });
      const order: string[] = [];
      const quick = stack
        .client()
        .from('players')
        .select('name')
        .limit(1)
        .then((r) => {
          order.push('quick');
          return r;
        });
      const cut = await slow.then((r) => {
        order.push('slow');
        return r;
      });
      expect((await quick).error).toBeNull();
      expect(order).toEqual(['quick', 'slow']);
      expect(cut.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    },
  );
});

describe('statement time-outs on PGlite', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('cuts a slow statement, keeps what was committed, and serves the next requests', async () => {
    const before = await stack.client().from('players').select('name', { count: 'exact', head: true });
    expect(before.error).toBeNull();
    const slow = stack.client().rpc('slow', { p_seconds: 30 });
    const quick = stack.client().from('players').select('name').limit(1);
    const [cut, read] = await Promise.all([slow, quick]);
    expect(cut.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(1);
    const after = await stack.client().from('players').select('name', { count: 'exact', head: true });
    expect(after.count).toBe(before.count);
    // The page and the API answer while a statement runs: the server's own thread is free.
    const slowAgain = stack.client().rpc('slow', { p_seconds: 30 });
    const health = await fetch(`${stack.url}/auth/v1/health`);
    expect(health.status).toBe(200);
    expect((await slowAgain).error?.code).toBe('57014');
  });
});

describe.each(['pglite', 'postgres'] as const)("config.toml's [db.settings] statement_timeout on %s", (backend) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres', dbStatementTimeout: '1s' });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('is the default of every session: a role without its own (service_role) is cut by it', async () => {
    const service = await stack.service().rpc('my_statement_timeout');
    expect(service.data).toBe('1s');
    const cut = await stack.service().rpc('slow', { p_seconds: 5 });
    expect(cut.error).toMatchObject({ code: '57014' });
    // The API roles keep their own, as on hosted.
    expect((await stack.client().rpc('my_statement_timeout')).data).toBe('3s');
  });
});

// The limit is for requests: start-up (the hosted prelude, migrations, seed) runs without it, as on
// hosted, where neither the platform's set-up nor `supabase db push` runs under it. 150 ms is shorter
// than PGlite's prelude takes, so a start-up that ran under it would be cut.
describe.each(['pglite', 'postgres'] as const)("config.toml's statement_timeout at start-up on %s", (backend) => {
  let stack: TestStack | undefined;
  afterAll(async () => {
    await stack?.destroy();
  });

  it('does not cut the prelude, the migrations or the seed', async () => {
    stack = await startTestStack({
      supabaseDir: FIXTURE,
      postgres: backend === 'postgres',
      dbStatementTimeout: '150ms',
    });
    expect(stack.migrations.applied.length).toBeGreaterThan(0);
    const cut = await stack.service().rpc('slow', { p_seconds: 5 });
    expect(cut.error).toMatchObject({ code: '57014' });
  });
});

describe('the pool wait limit on Postgres', () => {
  let stack: TestStack;
  const saved = { size: process.env.DB_POOL_SIZE, wait: process.env.DB_POOL_TIMEOUT_MS };

  beforeAll(async () => {
    process.env.DB_POOL_SIZE = '1';
    process.env.DB_POOL_TIMEOUT_MS = '300';
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: true });
  });
  afterAll(async () => {
    await stack?.destroy();
    for (const [key, value] of [
      ['DB_POOL_SIZE', saved.size],
      ['DB_POOL_TIMEOUT_MS', saved.wait],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('answers 504 PGRST003 when every connection stays busy past the wait limit', async () => {
    // supabase-js sends a request when it is awaited: start it now.
    const slow = stack
      .service()
      .rpc('slow', { p_seconds: 3 })
      .then((r) => r);
    // Give the slow call the pool's one connection first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const waiting = await stack.client().from('players').select('name').limit(1);
    expect(waiting.status).toBe(504);
    expect(waiting.error).toMatchObject({
      code: 'PGRST003',
      message: 'Timed out acquiring connection from connection pool.',
    });
    expect((await slow).data).toBe(1);
  });
});
