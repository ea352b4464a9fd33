// Crash safety of `npm start`: 200 players register at once through supabase-js, the server is
// killed with SIGKILL in the middle, and restarted on the same data directory. Every registration
// that was answered 2xx must be there with all its players, the counter must match, and start-up
// must be clean (the dead process's lock file is taken over). On PGlite and on Postgres.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database as Schema } from '@/types/database';
import { loadKeys } from '../keys.ts';
import { openStackDatabase } from '../stack.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { copyPgliteTemplate, createPgDatabase, ROOT } from './helpers.ts';
import { startServerProcess } from './server-process.ts';

const PLAYERS = 200;
/** The server is killed once this many registrations have been answered. */
const KILL_AFTER = 60;

function client(url: string, key: string, token = key): SupabaseClient<Schema> {
  return createClient<Schema>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

const playersOf = (n: number) =>
  [1, 2, 3].map((slot) => ({ player_id: `C${slot}${String(n).padStart(7, '0')}`, in_game_name: `Crash ${n}.${slot}` }));

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('kill -9 during a registration burst on $name', ({ postgres }) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  it('keeps every acknowledged registration, whole, and restarts cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (postgres) {
      const created = await createPgDatabase();
      databaseUrl = created.url;
      cleanup.push(() => created.drop());
    } else {
      // A fresh cluster, PGlite's initdb already done (server/tests/helpers.ts).
      await copyPgliteTemplate(dataDir);
    }

    // Players and the tournament, written before the server starts (the JWT secret is the data
    // directory's, so the server accepts the tokens minted here).
    const keys = await loadKeys(dataDir);
    const tournamentId = randomUUID();
    const ids = Array.from({ length: PLAYERS }, () => randomUUID());
    const setup = await openStackDatabase({ dataDir, databaseUrl });
    try {
      await migrate(setup, resolve(ROOT, 'supabase'));
      await setup.query(
        `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
         select u.id, 'crash-' || u.n || '@example.com', jsonb_build_object('username', 'Crash ' || u.n), now()
         from unnest($1::uuid[]) with ordinality as u (id, n)`,
        [ids],
      );
      await setup.query(
        `insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type)
         values ($1, 'Crash Cup', 'Killed mid-burst.', '/banners/brawlcup.svg', 1000, 'https://discord.gg/crash', '3v3')`,
        [tournamentId],
      );
    } finally {
      await setup.close();
    }
    const tokens = await Promise.all(
      ids.map((sub, n) =>
        keys.jwt.sign({ sub, role: 'authenticated', aud: 'authenticated', email: `crash-${n + 1}@example.com` }, 3600),
      ),
    );

    const first = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    cleanup.push(() => first.kill9());
    const acknowledged = new Map<string, number>();
    let answered = 0;
    let killed: Promise<void> | undefined;
    await Promise.all(
      tokens.map(async (token, n) => {
        const { data, error } = await client(first.url, first.anonKey, token)
          .rpc('register_team', {
            p_tournament_id: tournamentId,
            p_team_name: `Crash Team ${n}`,
            p_players: playersOf(n),
          })
          .then(
            (r) => r,
            () => ({ data: null, error: new Error('connection lost') }),
          );
        const team = (Array.isArray(data) ? data[0] : data) as { id?: string } | null;
        if (!error && team?.id) acknowledged.set(team.id, n);
        if (++answered === KILL_AFTER) killed = first.kill9();
      }),
    );
    await killed;
    expect(first.child.signalCode).toBe('SIGKILL');
    // The burst really was cut: some registrations were answered, some never were.
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(PLAYERS);

    // The killed server left its lock and its operator socket behind.
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(true);
    if (!postgres) expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);

    const second = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    cleanup.push(() => second.stop());
    expect(second.output()).not.toMatch(/error|warn|another brawlcup process|recover/i);

    const service = client(second.url, second.serviceRoleKey);
    const { data: teams, error: teamsError } = await service
      .from('teams')
      .select('id, team_name, team_players(slot, player_id, in_game_name)')
      .eq('tournament_id', tournamentId);
    expect(teamsError).toBeNull();
    const byId = new Map((teams ?? []).map((t) => [t.id, t]));
    for (const [id, n] of acknowledged) {
      const team = byId.get(id);
      expect(team, `acknowledged team ${n} is missing`).toBeDefined();
      expect(team!.team_name).toBe(`Crash Team ${n}`);
      expect(team!.team_players.map((p) => p.player_id).sort()).toEqual(playersOf(n).map((p) => `#${p.player_id}`));
    }
    // Teams whose answer was lost may be there too, but never without their players.
    for (const team of teams ?? []) expect(team.team_players).toHaveLength(3);
    const { data: tournament } = await service
      .from('tournaments')
      .select('registered_teams')
      .eq('id', tournamentId)
      .single();
    expect(tournament?.registered_teams).toBe(teams?.length);
    await second.stop();
    expect(second.child.exitCode).toBe(0);
  }, 300_000);
});

describe('PGlite in a data directory', () => {
  it('runs with fsync on, the WAL flushed by fsync() at every commit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'brawlcup-fsync-'));
    // The settings are the worker's start parameters, whoever ran initdb.
    await copyPgliteTemplate(dir);
    const db = await openDatabase({ dataDir: join(dir, 'pgdata') });
    try {
      const { rows } = await db.query<{ fsync: string; wal_sync_method: string; synchronous_commit: string }>(
        `select current_setting('fsync') as fsync, current_setting('wal_sync_method') as wal_sync_method,
                current_setting('synchronous_commit') as synchronous_commit`,
      );
      expect(rows[0]).toEqual({ fsync: 'on', wal_sync_method: 'fsync', synchronous_commit: 'on' });
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
