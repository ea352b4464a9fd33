// Confirmations racing through the Data API (supabase-js rpc), on PGlite and on Postgres: the
// winner moves on exactly once however many confirmations arrive at the same moment.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '@/types/database';
import { startTestStack, type TestStack } from './helpers.ts';

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('bracket races through the Data API on $name', ({ postgres }) => {
  let stack: TestStack;
  let captains: SupabaseClient<Database>[];
  let tournamentId: string;

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
    const ids = Array.from({ length: 4 }, () => randomUUID());
    await stack.ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                               confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', 'race-' || u.id || '@example.com', '',
              '{}', jsonb_build_object('username', 'Racer ' || u.n), '', '', '', '', now(), now()
       from unnest($1::uuid[]) with ordinality as u (id, n)`,
      [ids],
    );
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format)
       values ($1, 'Race.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/race', '1v1', 'double_elimination') returning id`,
      [`Race Cup ${randomUUID().slice(0, 8)}`],
    );
    tournamentId = rows[0]!.id;
    await stack.ctx.db.query(
      `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
       select $1, 'Racer ' || u.n, u.id, now(), u.n from unnest($2::uuid[]) with ordinality as u (id, n)`,
      [tournamentId, ids],
    );
    await stack.ctx.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
      );
      await tx.query(`select public.start_tournament($1, 'manual')`, [tournamentId]);
    });
    captains = await Promise.all(
      ids.map(async (id) => {
        const token = await stack.ctx.keys.jwt.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600);
        return createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers: { Authorization: `Bearer ${token}` } },
          realtime: { transport: WebSocket as never },
        });
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  });

  it('twenty confirmations at once move the winner on and drop the loser exactly once', async () => {
    const [seed1, , , seed4] = captains;
    // Seed 1 meets seed 4 in the first match of the winners bracket.
    const { data: match } = await seed1!
      .from('matches')
      .select('id')
      .eq('tournament_id', tournamentId)
      .eq('bracket', 'winners')
      .eq('round', 1)
      .eq('position', 1)
      .single();
    const report = await seed1!.rpc('report_match', { p_match_id: match!.id, p_games: [{ winner: 1 }] });
    expect(report.error).toBeNull();

    const results = await Promise.all(
      Array.from({ length: 20 }, () => seed4!.rpc('confirm_match', { p_match_id: match!.id, p_report_version: 1 })),
    );
    expect(results.map((r) => r.error)).toEqual(Array(20).fill(null));
    const { data: ownConfirm } = await seed1!.rpc('confirm_match', {
      p_match_id: match!.id,
      p_report_version: 1,
    });
    expect(ownConfirm).toBeNull();

    const { rows } = await stack.ctx.db.query<{ confirmations: number; in_winners: number; in_losers: number }>(
      `select (select count(*)::int from public.match_result_changes where match_id = $2 and action = 'confirmed') as confirmations,
              (select count(*)::int from public.matches where tournament_id = $1 and bracket = 'winners' and round = 2
                 and team1_id = (select winner_id from public.matches where id = $2)) as in_winners,
              (select count(*)::int from public.matches where tournament_id = $1 and bracket = 'losers'
                 and (select team2_id from public.matches where id = $2) in (team1_id, team2_id)) as in_losers`,
      [tournamentId, match!.id],
    );
    expect(rows[0]).toEqual({ confirmations: 1, in_winners: 1, in_losers: 1 });
  });
});
