// Hosted parity: what passes locally passes on hosted Supabase. A PostgreSQL cluster built the way
// hosted is (supabase_admin the only superuser, postgres an ordinary role, the auth schema owned by
// the auth roles, no automatic Data API grants) gets the migrations and seed as postgres, passes
// every pgTAP file as postgres, and the seeded players sign in through the local Auth.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTapPassed, runPgTapFile } from '../../supabase/tests/pgtap.ts';
import { openDatabase } from '../db/database.ts';
import { applyPrelude } from '../db/migrate.ts';
import { ROOT, startTestStack, testEmail, type TestStack } from './helpers.ts';
import { startHostedPostgres, type HostedPostgres } from './hosted-postgres.ts';

const TESTS_DIR = join(ROOT, 'supabase/tests/database');
const PRELUDE = join(ROOT, 'server/db/prelude.sql');
const pgTapFiles = (await readdir(TESTS_DIR)).filter((f) => f.endsWith('.test.sql')).sort();

/** One query on a connection of its own. */
async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The Postgres error code a statement fails with, run as postgres in a transaction rolled back. */
async function failsWith(url: string, sql: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(sql);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

describe('a database built as hosted Supabase builds it', () => {
  let cluster: HostedPostgres;
  let stack: TestStack;
  let sideBySide: PromiseSettledResult<void>[];

  beforeAll(async () => {
    cluster = await startHostedPostgres();
    // Before anything made the Supabase roles: two databases set up at once, as two test files or two
    // `npm start`s on one server do. The first creates the server's roles in a transaction still open
    // when the second looks for them; the second then finds them taken.
    await query(cluster.adminUrl, 'create database side_a');
    await query(cluster.adminUrl, 'create database side_b');
    const first = new pg.Client({ connectionString: cluster.adminUrl.replace(/\/postgres$/, '/side_a') });
    await first.connect();
    const second = await openDatabase({ databaseUrl: cluster.adminUrl.replace(/\/postgres$/, '/side_b') });
    try {
      await first.query(`begin; set local supabase.auto_expose_new_tables = 'on'; ${await readFile(PRELUDE, 'utf8')}`);
      const setUp = applyPrelude(second, join(ROOT, 'supabase'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await first.query('commit');
      sideBySide = await Promise.allSettled([setUp]);
    } finally {
      await first.end();
      await second.close();
    }
    stack = await startTestStack({ databaseUrl: cluster.adminUrl });
    await query(cluster.adminUrl, 'create extension if not exists pgtap with schema extensions');
  });

  afterAll(async () => {
    await stack?.destroy();
    await cluster?.stop();
  });

  it('sets up two databases side by side on a server that has no Supabase roles yet', () => {
    expect(sideBySide.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled']);
  });

  it('has postgres as an ordinary role that ran the migrations and the seed', async () => {
    expect(stack.migrations).toMatchObject({ ranAs: 'postgres', asSuperuser: false, seeded: true });
    const [postgres] = await query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      cluster.adminUrl,
      "select rolsuper, rolbypassrls from pg_roles where rolname = 'postgres'",
    );
    expect(postgres).toEqual({ rolsuper: false, rolbypassrls: true });
    const owners = await query<{ relname: string; owner: string }>(
      cluster.adminUrl,
      `select c.relname, pg_get_userbyid(c.relowner) as owner from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(new Set(owners.map((o) => o.owner))).toEqual(new Set(['postgres']));
  });

  it('refuses postgres what hosted refuses: objects in auth', async () => {
    expect(await failsWith(cluster.postgresUrl, 'create table auth.parity_probe (id int)')).toBe('42501');
    expect(
      await failsWith(
        cluster.postgresUrl,
        'create function auth.parity_probe() returns int language sql as $$ select 1 $$',
      ),
    ).toBe('42501');
  });

  it('grants a new table in public to no API role (the 2026 default)', async () => {
    const client = new pg.Client({ connectionString: cluster.postgresUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('create table public.parity_probe (id int)');
      const { rows } = await client.query<{ role: string }>(
        `select r as role from unnest(array['anon', 'authenticated', 'service_role']) r
         where has_table_privilege(r, 'public.parity_probe', 'SELECT') or has_table_privilege(r, 'public.parity_probe', 'INSERT')`,
      );
      expect(rows).toEqual([]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('lets the service role read and write through the Data API by the grants the migrations make', async () => {
    const service = stack.service();
    const tournaments = await service.from('tournaments').select('id');
    expect(tournaments.error).toBeNull();
    expect(tournaments.data).toHaveLength(8);
    const profiles = await service.from('profiles').select('username').eq('username', 'NovaStrike');
    expect(profiles.error).toBeNull();
    expect(profiles.data).toEqual([{ username: 'NovaStrike' }]);
    const sent = await service
      .from('contact_messages')
      .insert({ email: 'ops@example.com', subject: 'Parity', message: 'Hello' })
      .select('id')
      .single();
    expect(sent.error).toBeNull();
    // Gone again: the pgTAP files below read every message.
    const removed = await service.from('contact_messages').delete().eq('id', sent.data!.id);
    expect(removed.error).toBeNull();
  });

  it('seeds users as GoTrue writes them: no NULL token strings, timestamps, one email identity each', async () => {
    const users = await query<{
      email: string;
      nulls: number;
      identities: number;
      sub: string | null;
      has_times: boolean;
    }>(
      cluster.adminUrl,
      `select u.email,
         num_nulls(u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change,
           u.email_change_token_current, u.reauthentication_token, u.phone_change, u.phone_change_token)::int as nulls,
         (select count(*) from auth.identities i where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text)::int as identities,
         (select i.identity_data ->> 'sub' from auth.identities i where i.user_id = u.id) as sub,
         u.created_at is not null and u.updated_at is not null and u.instance_id is not null as has_times
       from auth.users u order by u.email`,
    );
    expect(users.length).toBeGreaterThanOrEqual(9);
    for (const u of users) expect(u, u.email).toMatchObject({ nulls: 0, identities: 1, has_times: true });
    const [column] = await query<{ column_default: string | null }>(
      cluster.adminUrl,
      "select column_default from information_schema.columns where table_schema = 'auth' and table_name = 'users' and column_name = 'id'",
    );
    expect(column?.column_default).toBeNull();
  });

  it('signs a seeded player in through the local Auth, reading those rows', async () => {
    const client = stack.client();
    const { data, error } = await client.auth.signInWithPassword({
      email: 'nova.strike@example.com',
      password: 'brawlcup-player',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe('5e3d0001-0000-4000-8000-000000000001');
    const own = await client.from('profiles').select('username');
    expect(own.data).toEqual([{ username: 'NovaStrike' }]);
  });

  it('writes a signed-up user as GoTrue does, and answers a refused one as GoTrue does', async () => {
    const email = testEmail('parity');
    const ok = await stack
      .client()
      .auth.signUp({ email, password: 'parity-pass', options: { data: { username: 'ParityPlayer' } } });
    expect(ok.error).toBeNull();
    const [row] = await query<{ nulls: number; identities: number }>(
      cluster.adminUrl,
      `select num_nulls(confirmation_token, recovery_token, email_change_token_new, email_change,
         email_change_token_current, reauthentication_token, phone_change, phone_change_token)::int as nulls,
         (select count(*) from auth.identities i where i.user_id = u.id)::int as identities
       from auth.users u where email = '${email}'`,
    );
    expect(row).toEqual({ nulls: 0, identities: 1 });

    // The profiles trigger refuses a one-letter username: GoTrue hides the reason behind a 500
    // (which supabase-js reports as a retryable fetch error with status 500).
    const refused = await stack
      .client()
      .auth.signUp({ email: testEmail('parity'), password: 'parity-pass', options: { data: { username: 'x' } } });
    expect(refused.error?.status).toBe(500);
    const response = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: testEmail('parity'), password: 'parity-pass', data: { username: 'x' } }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Database error saving new user',
    });
  });

  it.each(pgTapFiles)('passes %s as postgres', async (file) => {
    expectTapPassed(file, await runPgTapFile(cluster.postgresUrl, join(TESTS_DIR, file)));
  });
});

describe('the embedded database (PGlite) built as hosted Supabase builds it', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });

  afterAll(async () => {
    await stack?.destroy();
  });

  it('is bootstrapped by supabase_admin and runs the migrations as the ordinary postgres', async () => {
    expect(stack.migrations).toMatchObject({ ranAs: 'postgres', asSuperuser: false });
    const { rows } = await stack.ctx.db.query<{ rolname: string }>(
      'select rolname from pg_roles where rolsuper order by 1',
    );
    expect(rows.map((r) => r.rolname)).toEqual(['supabase_admin']);
  });
});

describe('a PGlite folder made before the hosted roles', () => {
  it('still opens, and says its migrations run as a superuser', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-old-'));
    // The folder as earlier versions made it: postgres is the bootstrap superuser.
    await (await PGlite.create({ dataDir: join(dataDir, 'pgdata') })).close();
    const stack = await startTestStack({ dataDir });
    try {
      expect(stack.migrations).toMatchObject({ ranAs: 'postgres', asSuperuser: true, seeded: true });
      const { data, error } = await stack
        .client()
        .auth.signInWithPassword({ email: 'gem.queen@example.com', password: 'brawlcup-player' });
      expect(error).toBeNull();
      expect(data.user?.email).toBe('gem.queen@example.com');
    } finally {
      await stack.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
