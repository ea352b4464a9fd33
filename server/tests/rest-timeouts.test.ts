// Statement time-outs as hosted Supabase has them (anon 3 s, authenticated 8 s, set on the roles and
// applied by the Data API to the role it switches to, as PostgREST does), and on Postgres a pool wait
// limit, so one slow request cannot stall the others. PGlite runs in this process's one thread and
// cannot interrupt a statement (server/README.md says so): there only the settings are checked.
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
