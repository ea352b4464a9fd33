// The match room's secrets over the Data API and Realtime, on PGlite and on Postgres: the lobby code
// reaches the two teams and no spectator or visitor; a blind ban reaches its own team only until both
// teams' bans are in, then everyone together; two captains clicking the same step at once: exactly
// one wins it, the others get a stable code and nothing is half-applied.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '@/types/database';
import { startTestStack, type TestStack } from './helpers.ts';
import { subscribe, type Subscription } from './realtime-helpers.ts';

/** How long a change that should not arrive is waited for, once the one that should has arrived. */
const QUIET_MS = 1_500;
const LIVE_MS = 10_000;

type Client = SupabaseClient<Database>;
const PEOPLE = ['alphaCaptain', 'alphaPlayer', 'bravoCaptain', 'bravoPlayer', 'spectator'] as const;
type Who = (typeof PEOPLE)[number];

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('the match room over the Data API and Realtime on $name', ({ postgres }) => {
  let stack: TestStack;
  const as = {} as Record<Who | 'visitor', Client>;
  let matchId: string;

  const client = (token?: string): Client => {
    const c = createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
      realtime: { transport: WebSocket as never },
    });
    if (token) void c.realtime.setAuth(token);
    return c;
  };

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
    const ids = Object.fromEntries(PEOPLE.map((p) => [p, randomUUID()])) as Record<Who, string>;
    const tag = (i: number) => `#MRMRMRMR${i}`;
    await stack.ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                               confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', 'room-' || u.id || '@example.com', '',
              '{}', jsonb_build_object('username', 'Roomer ' || u.n, 'game_id', '#MRMRMRMR' || u.n), '', '', '', '', now(), now()
       from unnest($1::uuid[]) with ordinality as u (id, n)`,
      [PEOPLE.map((p) => ids[p])],
    );
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of)
       values ($1, 'Room.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/room', '2v2', 'single_elimination', 3) returning id`,
      [`Room Cup ${randomUUID().slice(0, 8)}`],
    );
    const tournamentId = rows[0]!.id;
    const teams = [
      ['Alpha', ids.alphaCaptain, ids.alphaPlayer, 1],
      ['Bravo', ids.bravoCaptain, ids.bravoPlayer, 3],
    ] as const;
    for (const [name, captain, player, n] of teams) {
      const team = await stack.ctx.db.query<{ id: string }>(
        `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
         values ($1, $2, $3, now(), $4) returning id`,
        [tournamentId, name, captain, n],
      );
      await stack.ctx.db.query(
        `insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
         values ($1, $2, 1, $3, $5, $6), ($1, $2, 2, $4, $5 || ' 2', $7)`,
        [team.rows[0]!.id, tournamentId, tag(n), tag(n + 1), name, captain, player],
      );
    }
    await stack.ctx.db.query(
      `update public.team_players set confirmed_at = now(), accepted_at = now() where tournament_id = $1`,
      [tournamentId],
    );
    await stack.ctx.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
      );
      await tx.query(`select public.start_tournament($1, 'manual')`, [tournamentId]);
      // One blind ban each, one ban per game each, the 2v2 snake (ABBA).
      await tx.query(`select public.set_round_draft($1, 'winners', 1, 'full', '[]', 0, 1, 1)`, [tournamentId]);
    });
    matchId = (
      await stack.ctx.db.query<{ id: string }>('select id from public.matches where tournament_id = $1', [tournamentId])
    ).rows[0]!.id;
    for (const who of PEOPLE) {
      as[who] = client(
        await stack.ctx.keys.jwt.sign({ sub: ids[who], role: 'authenticated', aud: 'authenticated' }, 3600),
      );
    }
    as.visitor = client();
  }, 120_000);

  afterAll(async () => {
    for (const c of Object.values(as)) await c.removeAllChannels();
    await stack?.destroy();
  });

  const watch = (who: Who | 'visitor', table: 'match_lobbies' | 'draft_actions') =>
    subscribe(as[who] as unknown as SupabaseClient, { table, filter: `match_id=eq.${matchId}` });
  const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const choices = (s: Subscription) => s.changes.map((c) => (c.new as { choice?: string }).choice);

  it('sends the lobby code to the two teams only, over Realtime and the Data API', async () => {
    const [bravo, spectator, visitor] = await Promise.all([
      watch('bravoPlayer', 'match_lobbies'),
      watch('spectator', 'match_lobbies'),
      watch('visitor', 'match_lobbies'),
    ]);
    const post = await as.alphaCaptain.rpc('post_lobby', { p_match_id: matchId, p_code: 'X8K2PQ' });
    expect(post.error).toBeNull();
    const seen = await bravo.next((c) => (c.new as { code?: string }).code === 'X8K2PQ', LIVE_MS);
    expect(seen.eventType).toBe('INSERT');
    await quiet();
    expect(spectator.changes).toEqual([]);
    expect(visitor.changes).toEqual([]);
    expect((await as.spectator.from('match_lobbies').select('code')).data).toEqual([]);
    expect((await as.visitor.from('match_lobbies').select('code')).data).toEqual([]);
    expect((await as.bravoPlayer.from('match_lobbies').select('code')).data).toEqual([{ code: 'X8K2PQ' }]);

    const huge = await as.alphaCaptain.rpc('post_lobby', {
      p_match_id: matchId,
      p_code: 'x'.repeat(2 * 1024 * 1024 - 100),
    });
    expect(huge.error?.code ?? String(huge.status)).toMatch(/^(BC903|413)$/);
    const bravoPosts = await as.bravoCaptain.rpc('post_lobby', { p_match_id: matchId, p_code: 'MINE42' });
    expect(bravoPosts.error?.code).toBe('BC904');
  });

  it('keeps a blind ban from the other team and spectators until both are in, then reveals both', async () => {
    for (const who of ['alphaCaptain', 'bravoCaptain'] as const) {
      const ready = await as[who].rpc('mark_ready', { p_match_id: matchId, p_ready: true });
      expect(ready.error).toBeNull();
    }
    const [alpha, bravo, spectator, visitor] = await Promise.all([
      watch('alphaPlayer', 'draft_actions'),
      watch('bravoCaptain', 'draft_actions'),
      watch('spectator', 'draft_actions'),
      watch('visitor', 'draft_actions'),
    ]);
    expect(
      (await as.alphaCaptain.rpc('draft_act', { p_match_id: matchId, p_step: 1, p_choice: 'shelly' })).error,
    ).toBeNull();
    await alpha.next((c) => (c.new as { choice?: string }).choice === 'shelly', LIVE_MS);
    await quiet();
    expect([choices(bravo), choices(spectator), choices(visitor)]).toEqual([[], [], []]);
    for (const who of ['bravoCaptain', 'bravoPlayer', 'spectator', 'visitor'] as const) {
      expect((await as[who].from('draft_actions').select('choice')).data, who).toEqual([]);
    }

    expect(
      (await as.bravoCaptain.rpc('draft_act', { p_match_id: matchId, p_step: 1, p_choice: 'colt' })).error,
    ).toBeNull();
    for (const s of [spectator, visitor, bravo]) {
      await s.next((c) => (c.new as { choice?: string }).choice === 'shelly', LIVE_MS);
      await s.next((c) => (c.new as { choice?: string }).choice === 'colt', LIVE_MS);
    }
    expect((await as.visitor.from('draft_actions').select('choice').order('side')).data).toEqual([
      { choice: 'shelly' },
      { choice: 'colt' },
    ]);
  });

  it('lets exactly one of many clicks at the same instant take a step', async () => {
    // Step 2: Alpha's ban for game 1. Alpha's captain clicks ten brawlers at once, Bravo's five.
    const clicks = [
      ...['spike', 'crow', 'leon', 'sandy', 'amber', 'mortis', 'max', 'gene', 'tara', 'piper'].map((b) =>
        as.alphaCaptain.rpc('draft_act', { p_match_id: matchId, p_step: 2, p_choice: b }),
      ),
      ...['bea', 'bo', 'emz', 'pam', 'frank'].map((b) =>
        as.bravoCaptain.rpc('draft_act', { p_match_id: matchId, p_step: 2, p_choice: b }),
      ),
    ];
    const results = await Promise.all(clicks);
    const codes = results.map((r) => r.error?.code ?? 'ok');
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.indexOf('ok')).toBeLessThan(10);
    // Alpha's other clicks find the step taken; Bravo's, the step not theirs or (arriving after) taken.
    expect(new Set(codes.slice(0, 10).filter((c) => c !== 'ok'))).toEqual(new Set(['BC908']));
    expect(codes.slice(10).every((c) => c === 'BC907' || c === 'BC908')).toBe(true);
    const { rows } = await stack.ctx.db.query<{ n: number; step: number }>(
      `select (select count(*)::int from public.draft_actions where match_id = $1 and step = 2) as n,
              (select step from public.match_drafts where match_id = $1) as step`,
      [matchId],
    );
    expect(rows[0]).toEqual({ n: 1, step: 3 });
  });
});
