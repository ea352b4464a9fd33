// Races on the waitlist through the Data API (supabase-js rpc), on PGlite and on Postgres: 200
// players for the last slots of a tournament that takes a waitlist, then concurrent withdrawals that
// each promote the next team. No team is promoted twice, no slot is lost, the counters are exact.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '@/types/database';
import { startTestStack, type TestStack } from './helpers.ts';

const RACERS = 200;
const SLOTS = 8;
const WITHDRAWALS = 40;

interface Player {
  id: string;
  n: number;
  client: SupabaseClient<Database>;
}

async function createPlayers(stack: TestStack, count: number): Promise<Player[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await stack.ctx.db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                             confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', 'wait-' || u.id || '@example.com', '',
            '{}', jsonb_build_object('username', 'Waiter ' || u.n), '', '', '', '', now(), now()
     from unnest($1::uuid[]) with ordinality as u (id, n)`,
    [ids],
  );
  return Promise.all(
    ids.map(async (id, n) => {
      const token = await stack.ctx.keys.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600);
      const client = createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
        realtime: { transport: WebSocket as never },
      });
      return { id, n, client };
    }),
  );
}

const playerId = (n: number) => `#W${String(n).padStart(8, '0')}`;

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('waitlist races through the Data API on $name', ({ postgres }) => {
  let stack: TestStack;
  let tournamentId: string;
  let players: Player[];

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, starts_at)
       values ($1, 'Race with a waitlist.', '/banners/solo-showdown.svg', $2, 'https://discord.gg/brawlcup-wait', '1v1', now() + interval '2 days')
       returning id`,
      [`Waitlist Cup ${randomUUID().slice(0, 8)}`, SLOTS],
    );
    tournamentId = rows[0]!.id;
    players = await createPlayers(stack, RACERS);
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  });

  const counts = async () =>
    (
      await stack.ctx.db.query<{ registered: number; waitlisted: number; counted_registered: number; counted_waitlisted: number }>(
        `select t.registered_teams as registered, t.waitlisted_teams as waitlisted,
                (select count(*)::int from public.teams where tournament_id = t.id and status = 'registered') as counted_registered,
                (select count(*)::int from public.teams where tournament_id = t.id and status = 'waitlisted') as counted_waitlisted
         from public.tournaments t where t.id = $1`,
        [tournamentId],
      )
    ).rows[0]!;

  it(`${RACERS} players race for ${SLOTS} slots: the rest land on the waitlist in order`, async () => {
    const results = await Promise.all(
      players.map((p) =>
        p.client.rpc('register_team', {
          p_tournament_id: tournamentId,
          p_team_name: '',
          p_players: [{ player_id: playerId(p.n), in_game_name: `Waiter ${p.n}` }],
          p_waitlist: true,
        }),
      ),
    );
    const errors = results.filter((r) => r.error).map((r) => r.error!.message);
    expect(errors).toEqual([]);
    const statuses = results.map((r) => (r.data as { status: string }).status);
    expect(statuses.filter((s) => s === 'registered')).toHaveLength(SLOTS);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(RACERS - SLOTS);
    expect(await counts()).toEqual({ registered: SLOTS, waitlisted: RACERS - SLOTS, counted_registered: SLOTS, counted_waitlisted: RACERS - SLOTS });
  });

  it(`${WITHDRAWALS} concurrent withdrawals promote ${WITHDRAWALS} waitlisted teams, each once, first come first served`, async () => {
    const { rows: before } = await stack.ctx.db.query<{ id: string; registered_by: string; status: string }>(
      `select id, registered_by, status from public.teams where tournament_id = $1 order by registered_at, id`,
      [tournamentId],
    );
    const registered = before.filter((t) => t.status === 'registered');
    const waitlist = before.filter((t) => t.status === 'waitlisted');
    // Every registered team and the first waitlisted ones withdraw at once.
    const leaving = [...registered, ...waitlist.slice(0, WITHDRAWALS - registered.length)];
    const byUser = new Map(players.map((p) => [p.id, p]));
    const results = await Promise.all(leaving.map((t) => byUser.get(t.registered_by)!.client.rpc('withdraw_team', { p_team_id: t.id })));
    expect(results.filter((r) => r.error).map((r) => r.error!.message)).toEqual([]);

    const { rows: after } = await stack.ctx.db.query<{ id: string; status: string; promoted_at: string | null }>(
      `select id, status, promoted_at from public.teams where tournament_id = $1 order by registered_at, id`,
      [tournamentId],
    );
    const remainingWaitlist = waitlist.slice(WITHDRAWALS - registered.length);
    // The slots went to the next teams in waitlist order, and everyone else still waits.
    const expectedRegistered = remainingWaitlist.slice(0, SLOTS).map((t) => t.id);
    expect(after.filter((t) => t.status === 'registered').map((t) => t.id)).toEqual(expectedRegistered);
    expect(after.filter((t) => t.promoted_at !== null).map((t) => t.id)).toEqual(expectedRegistered);
    expect(await counts()).toEqual({
      registered: SLOTS,
      waitlisted: RACERS - WITHDRAWALS - SLOTS,
      counted_registered: SLOTS,
      counted_waitlisted: RACERS - WITHDRAWALS - SLOTS,
    });
  });
});
