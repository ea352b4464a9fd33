// The stack as a whole: migrations and seed, restarts, bad input, and operator-only pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { request } from 'node:http';
import { startTestStack, testEmail, ROOT, type TestStack } from './helpers.ts';
import { MigrationError } from '../db/migrate.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { ConfigError, readOptions } from '../config.ts';

async function fixtureDir(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'brawlcup-supabase-'));
  await mkdir(join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) await writeFile(join(dir, 'migrations', name), sql);
  return dir;
}

describe.each([['pglite'], ['postgres']] as const)('the stack on %s', (backend) => {
  const postgres = backend === 'postgres';

  // PGlite's own initdb and two starts: past the default minute on a loaded machine (it ran 60 s and was
  // cut, at a load average of 9 on two cores).
  it('keeps every row across a restart, and applies each migration once', async () => {
    // A first start on an empty folder, PGlite's initdb included (the other tests copy its result).
    const first = await startTestStack({ postgres, initdb: true });
    expect(first.migrations.fresh).toBe(true);
    const email = testEmail();
    expect((await first.client().auth.signUp({ email, password: 'secret123' })).error).toBeNull();
    await first.stop();

    const second = await startTestStack({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      expect(second.migrations.fresh).toBe(false);
      expect(second.migrations.applied).toEqual([]);
      expect(second.migrations.seeded).toBe(false);
      expect((await second.client().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
      const { rows } = await second.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from supabase_migrations.schema_migrations',
      );
      expect(rows[0]!.n).toBe(first.migrations.applied.length);
    } finally {
      await second.stop();
      await first.destroy();
    }
  }, 180_000);

  it('stops start-up on a failing migration with its file name, leaving the database as before it', async () => {
    const supabaseDir = await fixtureDir({
      '20240101000000_good.sql': 'create table public.kept (id int primary key);',
      '20240102000000_broken.sql': 'create table public.half_done (id int); select no_such_function();',
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-test-'));
    let pgUrl: string | undefined;
    let drop: (() => Promise<void>) | undefined;
    if (postgres) {
      const { createPgDatabase } = await import('./helpers.ts');
      const created = await createPgDatabase();
      pgUrl = created.url;
      drop = created.drop;
    }
    try {
      const failure = await startTestStack({ supabaseDir, dataDir, databaseUrl: pgUrl }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toContain('20240102000000_broken.sql');
      expect((failure as Error).message).toContain('no_such_function');

      // Fix the file and start again: the good one is not re-run, the broken one left nothing behind.
      await writeFile(
        join(supabaseDir, 'migrations', '20240102000000_broken.sql'),
        'create table public.half_done (id int);',
      );
      const stack = await startTestStack({ supabaseDir, dataDir, databaseUrl: pgUrl });
      try {
        expect(stack.migrations.applied).toEqual(['20240102000000_broken.sql']);
        const { rows } = await stack.ctx.db.query<{ version: string; name: string }>(
          'select version, name from supabase_migrations.schema_migrations order by version',
        );
        expect(rows).toEqual([
          { version: '20240101000000', name: 'good' },
          { version: '20240102000000', name: 'broken' },
        ]);
      } finally {
        await stack.stop();
      }
    } finally {
      await rm(supabaseDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
      await drop?.();
    }
  });
});

describe('the data directory', () => {
  it('belongs to one process: a second start on it is refused with a clear message', async () => {
    const first = await startTestStack();
    try {
      // Pretend another live process (this test runner's parent) holds it.
      await writeFile(join(first.dataDir, 'server.pid'), String(process.ppid));
      const second = await startTestStack({ dataDir: first.dataDir }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(second).toBeInstanceOf(DataDirBusyError);
      expect((second as Error).message).toContain(`pid ${process.ppid}`);
    } finally {
      await writeFile(join(first.dataDir, 'server.pid'), String(process.pid));
      await first.destroy();
    }
  });
});

describe('bad input', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.destroy());

  const secretOf = (s: TestStack) => new TextEncoder().encode(s.ctx.keys.jwt.secret);

  async function tokens(s: TestStack) {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(secretOf(s));
    const wrongSecret = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-123'));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: now + 60 })).toString('base64url')}.`;
    return { expired, wrongSecret, none, garbage: 'garbage', malformed: 'a.b.c' };
  }

  it('answers a missing, malformed, expired, wrongly signed or alg:none token with 401 in the service shape', async () => {
    const bad = await tokens(stack);
    const noKey = await fetch(`${stack.url}/auth/v1/user`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error_code: 'no_api_key' });
    for (const [name, token] of Object.entries(bad)) {
      const res = await fetch(`${stack.url}/auth/v1/user`, {
        headers: { apikey: stack.ctx.keys.anonKey, Authorization: `Bearer ${token}` },
      });
      expect(res.status, name).toBe(401);
      expect(await res.json(), name).toMatchObject({ error_code: 'bad_jwt' });
      const withBadKey = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: token } });
      expect(withBadKey.status, name).toBe(401);
    }
  });

  it('answers malformed JSON with 400 and an unknown path with 404 JSON', async () => {
    const res = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.ctx.keys.anonKey, 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'bad_json' });
    const unknown = await fetch(`${stack.url}/auth/v1/nope`, { headers: { apikey: stack.ctx.keys.anonKey } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error_code: 'not_found' });
    const elsewhere = await fetch(`${stack.url}/no/such/thing.js`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).toContain('application/json');
  });

  it('still serves normally after bad input (no crash, no transaction left open)', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: stack.ctx.keys.anonKey },
          body: '{{{',
        }),
      ),
    );
    const { data, error } = await stack.client().auth.signUp({ email: testEmail(), password: 'secret123' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where state = 'idle in transaction'",
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('answers CORS preflights for Auth from any origin, as hosted Supabase does', async () => {
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://brawlcup.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('keeps the mailbox to this machine: a request for another host name is refused', async () => {
    const ok = await fetch(`${stack.url}/mail/api/messages`);
    expect(ok.status).toBe(200);
    // fetch may not set Host, so ask with node:http as a DNS-rebinding page's browser would.
    const status = await new Promise<number>((resolve, reject) => {
      request(`${stack.url}/mail/api/messages`, { headers: { Host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(404);
  });

  it('uses the repository root for its default supabase folder', () => {
    expect(stack.ctx.config.supabaseDir).toBe(join(ROOT, 'supabase'));
  });
});

describe("config.toml's [db.settings] statement_timeout", () => {
  const readWith = async (line: string) => {
    const root = await mkdtemp(join(tmpdir(), 'brawlcup-config-'));
    await mkdir(join(root, 'supabase'));
    await writeFile(join(root, 'supabase', 'config.toml'), `[db.settings]\n${line}\n`);
    try {
      return readOptions({}, root);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };

  it('is read as Postgres reads a duration', async () => {
    expect((await readWith('statement_timeout = "2min"')).dbStatementTimeout).toBe('2min');
    expect((await readWith('statement_timeout = 500')).dbStatementTimeout).toBe('500');
    expect((await readWith('')).dbStatementTimeout).toBeUndefined();
    expect(readOptions({}, ROOT).dbStatementTimeout).toBe('2min');
  });

  it('stops start-up with the key named when the value is not a duration', async () => {
    await expect(readWith(`statement_timeout = "1s'; drop table x; --"`)).rejects.toThrow(
      /\[db\.settings\] statement_timeout = .* is not a duration Postgres reads/,
    );
    await expect(readWith('statement_timeout = "soon"')).rejects.toThrow(ConfigError);
  });
});
