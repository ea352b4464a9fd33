// Fifty players race through the Data API (supabase-js rpc) for the last three slots of a
// tournament: register_team's row lock must let exactly three in, on PGlite and on Postgres.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '@/types/database';
import { startTestStack, type TestStack } from './helpers.ts';

const RACERS = 50;
const SLOTS = 5;
const PRE_REGISTERED = 2; // so the race is for the last 3 slots

interface Player {
  id: string;
  email: string;
  client: SupabaseClient<Database>;
}

/** A supabase-js client acting with a user's access token, as the app does once signed in. */
function clientWithToken(stack: TestStack, token: string): SupabaseClient<Database> {
  return createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** Users straight into auth.users (the profile trigger runs), with access tokens minted like Auth's. */
async function createPlayers(stack: TestStack, count: number, prefix: string): Promise<Player[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const emails = ids.map((_, i) => `${prefix}-${i}-${ids[i]!.slice(0, 8)}@example.com`);
  await stack.ctx.db.query(
    `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
     select u.id, u.email, jsonb_build_object('username', 'Racer ' || u.n), now()
     from unnest($1::uuid[], $2::text[]) with ordinality as u (id, email, n)`,
    [ids, emails],
  );
  return Promise.all(
    ids.map(async (id, i) => {
      const email = emails[i]!;
      const token = await stack.ctx.keys.jwt.sign(
        { sub: id, role: 'authenticated', aud: 'authenticated', email },
        3600,
      );
      return { id, email, client: clientWithToken(stack, token) };
    }),
  );
}

/** Two player IDs per 2v2 team, unique per (one-letter prefix, n): # + 9 letters/digits. */
function teamOf(prefix: string, n: number) {
  const id = (slot: number) => `${prefix}${slot}${String(n).padStart(7, '0')}`;
  return [
    { player_id: id(1).toLowerCase(), in_game_name: `P${n} one` },
    { player_id: `#${id(2)}`, in_game_name: `P${n} two` },
  ];
}

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('registration race through the Data API on $name', ({ postgres }) => {
  let stack: TestStack;
  let tournamentId: string;

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
       values ($1, 'Race for the last slots.', '/banners/duo-gem-grab.svg', $2, 'https://discord.gg/brawlcup-race', '2v2')
       returning id`,
      [`Race Cup ${randomUUID().slice(0, 8)}`, SLOTS],
    );
    tournamentId = rows[0]!.id;
  });

  afterAll(async () => {
    await stack?.destroy();
  });

  it('anon is told to sign in, with the message as it is', async () => {
    const { data, error } = await stack.client().rpc('register_team', {
      p_tournament_id: tournamentId,
      p_team_name: 'Anon',
      p_players: teamOf('A', 0),
    });
    expect(data).toBeNull();
    expect(error?.code).toBe('BC301');
    expect(error?.message).toBe('Please sign in to register.');
  });

  it(`${RACERS} concurrent registrations for the last ${SLOTS - PRE_REGISTERED} slots: exactly that many succeed`, async () => {
    const early = await createPlayers(stack, PRE_REGISTERED, 'early');
    for (const [i, p] of early.entries()) {
      const { error } = await p.client.rpc('register_team', {
        p_tournament_id: tournamentId,
        p_team_name: `Early ${i}`,
        p_players: teamOf('E', i),
      });
      expect(error).toBeNull();
    }

    const racers = await createPlayers(stack, RACERS, 'racer');
    const results = await Promise.all(
      racers.map((p, i) =>
        p.client.rpc('register_team', {
          p_tournament_id: tournamentId,
          p_team_name: `Racer ${i}`,
          p_players: teamOf('R', i),
        }),
      ),
    );

    const won = results.filter((r) => !r.error);
    const lost = results.filter((r) => r.error);
    expect(won).toHaveLength(SLOTS - PRE_REGISTERED);
    expect(lost).toHaveLength(RACERS - (SLOTS - PRE_REGISTERED));
    for (const r of lost) {
      expect(r.error).toMatchObject({ code: 'BC316', message: 'The tournament is full' });
    }
    for (const r of won) {
      expect(r.data).toMatchObject({ tournament_id: tournamentId });
    }
    const winners = new Set(won.map((r) => (r.data as { registered_by: string }).registered_by));
    expect(winners.size).toBe(SLOTS - PRE_REGISTERED);

    // The public counter, as the app reads it, equals the number of teams in the database.
    const { data: tournament, error } = await stack
      .client()
      .from('tournaments')
      .select('registered_teams, slots')
      .eq('id', tournamentId)
      .single();
    expect(error).toBeNull();
    const { rows } = await stack.ctx.db.query<{ teams: number; players: number }>(
      `select (select count(*)::int from public.teams where tournament_id = $1) as teams,
              (select count(*)::int from public.team_players where tournament_id = $1) as players`,
      [tournamentId],
    );
    expect(tournament).toEqual({ registered_teams: SLOTS, slots: SLOTS });
    expect(rows[0]).toEqual({ teams: SLOTS, players: SLOTS * 2 });
  }, 120_000);

  it('a winner sees their registration with its tournament (My Tournaments), a loser sees none', async () => {
    const { rows } = await stack.ctx.db.query<{ registered_by: string }>(
      'select registered_by from public.teams where tournament_id = $1 limit 1',
      [tournamentId],
    );
    const winnerId = rows[0]!.registered_by;
    const token = await stack.ctx.keys.jwt.sign({ sub: winnerId, role: 'authenticated', aud: 'authenticated' }, 3600);
    const client = clientWithToken(stack, token);
    const { data, error } = await client
      .from('teams')
      .select('id, team_name, tournaments!teams_tournament_id_fkey(id, name, type)');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]!.tournaments).toMatchObject({ id: tournamentId, type: '2v2' });

    const { data: players, error: playersError } = await client
      .from('team_players')
      .select('slot, player_id')
      .order('slot');
    expect(playersError).toBeNull();
    expect(players).toHaveLength(2);

    const [loser] = await createPlayers(stack, 1, 'loser');
    const mine = await loser!.client.from('teams').select('id');
    expect(mine).toMatchObject({ data: [], error: null });
    const again = await client.rpc('register_team', {
      p_tournament_id: tournamentId,
      p_team_name: 'Twice',
      p_players: teamOf('T', 1),
    });
    expect(again.error?.message).toBe('You have already registered for this tournament.');
  });

  it('an admin deletes a team through the API and the freed slot counts again; a player cannot delete', async () => {
    const { rows } = await stack.ctx.db.query<{ id: string; registered_by: string }>(
      'select id, registered_by from public.teams where tournament_id = $1 order by registered_at limit 1',
      [tournamentId],
    );
    const team = rows[0]!;
    const owner = clientWithToken(
      stack,
      await stack.ctx.keys.jwt.sign({ sub: team.registered_by, role: 'authenticated', aud: 'authenticated' }, 3600),
    );
    const refused = await owner.from('teams').delete().eq('id', team.id).select('id');
    expect(refused).toMatchObject({ data: [], error: null });

    const [admin] = await createPlayers(stack, 1, 'admin');
    const adminClient = clientWithToken(
      stack,
      await stack.ctx.keys.jwt.sign(
        { sub: admin!.id, role: 'authenticated', aud: 'authenticated', app_metadata: { role: 'admin' } },
        3600,
      ),
    );
    const { data: seen } = await adminClient
      .from('teams')
      .select('id, team_players(player_id)')
      .eq('tournament_id', tournamentId);
    expect(seen).toHaveLength(SLOTS);
    const deleted = await adminClient.from('teams').delete().eq('id', team.id).select('id');
    expect(deleted).toMatchObject({ data: [{ id: team.id }], error: null });

    const { data: tournament } = await stack
      .client()
      .from('tournaments')
      .select('registered_teams')
      .eq('id', tournamentId)
      .single();
    expect(tournament).toEqual({ registered_teams: SLOTS - 1 });

    const [late] = await createPlayers(stack, 1, 'late');
    const { error } = await late!.client.rpc('register_team', {
      p_tournament_id: tournamentId,
      p_team_name: 'Late',
      p_players: teamOf('L', 1),
    });
    expect(error).toBeNull();
    const { data: after } = await stack
      .client()
      .from('tournaments')
      .select('registered_teams')
      .eq('id', tournamentId)
      .single();
    expect(after).toEqual({ registered_teams: SLOTS });
  });
});
