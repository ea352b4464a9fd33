// Backups: `npm run db:dump > file.sql` while `npm start` runs, `npm run db:restore file.sql` into a
// fresh data directory (a used one is refused), every table of auth and public identical after the
// round trip, and a restored player can still sign in. On PGlite and on Postgres.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStackDatabase } from '../stack.ts';
import { createPgDatabase, makeClient, ROOT, testEmail } from './helpers.ts';
import { startServerProcess } from './server-process.ts';

function npmRun(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, env);
  return new Promise((done) => {
    const child = spawn('npm', ['run', ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

/** One fingerprint per table of auth and public: its row count and a hash of every row. */
async function fingerprint(options: { dataDir: string; databaseUrl?: string }): Promise<Record<string, string>> {
  const db = await openStackDatabase(options);
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_schema in ('auth', 'public') and table_type = 'BASE TABLE' order by 1`,
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await db.query<{ n: number; h: string | null }>(
        `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${name} t`,
      );
      result[name] = `${rows[0]!.n} rows ${rows[0]!.h ?? ''}`;
    }
    return result;
  } finally {
    await db.close();
  }
}

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('db:dump and db:restore on $name', ({ postgres }) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  it('dumps the running site and restores every table into a fresh database', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'brawlcup-backup-'));
    cleanup.push(() => rm(temp, { recursive: true, force: true }));
    const source = { dataDir: join(temp, 'site'), databaseUrl: undefined as string | undefined };
    const target = { dataDir: join(temp, 'restored'), databaseUrl: undefined as string | undefined };
    if (postgres) {
      for (const side of [source, target]) {
        const created = await createPgDatabase();
        side.databaseUrl = created.url;
        cleanup.push(() => created.drop());
      }
    }
    const envOf = (side: typeof source) => ({ DATA_DIR: side.dataDir, DATABASE_URL: side.databaseUrl });

    // A live site with a player, their session, a registration and a contact message.
    const site = await startServerProcess(envOf(source));
    cleanup.push(() => site.kill9());
    const email = testEmail('backup');
    const player = makeClient(site.url, site.anonKey);
    const signUp = await player.auth.signUp({
      email,
      password: 'backup-pass-1',
      options: { data: { username: 'Backup Player' } },
    });
    expect(signUp.error).toBeNull();
    const { data: tournament } = await player
      .from('tournaments')
      .select('id')
      .eq('type', '1v1')
      .lt('registered_teams', 5)
      .limit(1)
      .single();
    const registered = await player.rpc('register_team', {
      p_tournament_id: tournament!.id,
      p_team_name: '',
      p_players: [{ player_id: 'BACKUP001', in_game_name: 'Backer' }],
    });
    expect(registered.error).toBeNull();
    expect(
      (await player.from('contact_messages').insert({ email, subject: 'Backups', message: 'Keep them.' })).error,
    ).toBeNull();

    // The running server's dump socket is the operator's alone.
    expect((await stat(join(source.dataDir, 'operator.sock'))).mode & 0o777).toBe(0o600);

    // The dump, exactly as the operator types it, while the site runs.
    const dumped = await npmRun(['db:dump'], envOf(source));
    expect(dumped.stderr).not.toMatch(/error/i);
    expect(dumped.code).toBe(0);
    const file = join(temp, 'backup.sql');
    await writeFile(file, dumped.stdout);
    expect(dumped.stdout).toContain('-- brawlcup-migrations: ');
    // The site still answers.
    expect((await player.from('tournaments').select('id').limit(1)).error).toBeNull();

    // A used folder or database (here the running site's own) is refused.
    const refused = await npmRun(['db:restore', file], {
      DATA_DIR: postgres ? join(temp, 'other') : source.dataDir,
      DATABASE_URL: source.databaseUrl,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(postgres ? 'The database is not empty.' : 'already holds a database');

    const restored = await npmRun(['db:restore', file], envOf(target));
    expect(restored.stderr).not.toMatch(/error/i);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored \d+ rows/);

    await site.stop();
    const before = await fingerprint(source);
    const after = await fingerprint(target);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'public.teams']),
    );
    expect(before['auth.sessions']).not.toMatch(/^0 rows/);
    expect(after).toEqual(before);

    // The restored site: the player signs in with their password and finds their registration.
    const copy = await startServerProcess(envOf(target));
    cleanup.push(() => copy.stop());
    const again = makeClient(copy.url, copy.anonKey);
    const signIn = await again.auth.signInWithPassword({ email, password: 'backup-pass-1' });
    expect(signIn.error).toBeNull();
    const { data: teams } = await again.from('teams').select('tournament_id');
    expect(teams).toEqual([{ tournament_id: tournament!.id }]);
    await copy.stop();
  }, 300_000);
});
