// Players, administrators and checked-in tournaments made straight in the database for the
// notification tests and the benchmark, each player with a supabase-js client signed in as them.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { makeClient, type TestStack } from './helpers.ts';

export interface Player {
  id: string;
  name: string;
  gameId: string;
  discordId?: string;
  client: SupabaseClient;
}

type Stack = Pick<TestStack, 'url' | 'ctx'>;

let counter = 0;

/**
 * n accounts (profiles with a game ID); those given a Discord id have linked Discord; `confirmed`
 * confirms their addresses (so they can be e-mailed).
 */
export async function createPlayers(
  stack: Stack,
  n: number,
  options: { discord?: (i: number) => string | undefined; confirmed?: boolean } = {},
) {
  const batch = ++counter;
  const players = Array.from({ length: n }, (_, i) => {
    const code = `${batch.toString(36).toUpperCase().padStart(3, '0')}${String(i).padStart(6, '0')}`.slice(-9);
    return {
      id: randomUUID(),
      name: `Brawler ${batch}-${i}`,
      gameId: `#N${code.slice(1)}`,
      discordId: options.discord?.(i),
    };
  });
  await stack.ctx.db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                             confirmation_token, recovery_token, email_change_token_new, email_change, email_confirmed_at,
                             created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', 'notify-' || p.id || '@example.com', '',
            '{"provider": "email", "providers": ["email"]}', jsonb_build_object('username', p.name, 'game_id', p.game_id),
            '', '', '', '', case when $4 then now() end, now(), now()
     from unnest($1::uuid[], $2::text[], $3::text[]) as p (id, name, game_id)`,
    [players.map((p) => p.id), players.map((p) => p.name), players.map((p) => p.gameId), options.confirmed ?? false],
  );
  const linked = players.filter((p) => p.discordId);
  if (linked.length) {
    await stack.ctx.db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select d.id, d.user_id, jsonb_build_object('sub', d.id), 'discord', now(), now()
       from unnest($1::text[], $2::uuid[]) as d (id, user_id)`,
      [linked.map((p) => p.discordId), linked.map((p) => p.id)],
    );
  }
  return Promise.all(players.map(async (p): Promise<Player> => ({ ...p, client: await clientFor(stack, p.id) })));
}

export async function clientFor(stack: Stack, userId: string, appMetadata: Record<string, unknown> = {}) {
  const token = await stack.ctx.keys.jwt.sign(
    { sub: userId, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata },
    3600,
  );
  const client = makeClient(stack.url, stack.ctx.keys.anonKey, { Authorization: `Bearer ${token}` });
  // Realtime reads its own token, not the global headers: its changes are filtered by the player's RLS.
  void client.realtime.setAuth(token);
  return client;
}

/** An administrator account and a client signed in as it. */
export async function createAdmin(stack: Stack) {
  const [admin] = await createPlayers(stack, 1);
  await stack.ctx.db.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}' where id = $1`,
    [admin!.id],
  );
  return { ...admin!, client: await clientFor(stack, admin!.id, { role: 'admin' }) };
}

/** A 1v1 single elimination tournament with every player registered and checked in, seeded in order. */
export async function createCheckedInTournament(stack: Stack, players: Player[], options: { bestOf?: number } = {}) {
  const { rows } = await stack.ctx.db.query<{ id: string }>(
    `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, best_of)
     values ($1, 'Notifications.', '/banners/solo-showdown.svg', $2, 'https://discord.gg/brawlcup', '1v1', $3) returning id`,
    [`Notify Cup ${randomUUID().slice(0, 8)}`, Math.max(players.length, 2), options.bestOf ?? 1],
  );
  const id = rows[0]!.id;
  await stack.ctx.db.query(
    `with t as (
       insert into public.teams (tournament_id, registered_by, checked_in_at, seed)
       select $1, p.id, now(), p.n from unnest($2::uuid[]) with ordinality as p (id, n)
       returning id, registered_by, seed)
     insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
     select t.id, $1, 1, p.game_id, p.name
     from t join unnest($2::uuid[], $3::text[], $4::text[]) as p (id, game_id, name) on p.id = t.registered_by`,
    [id, players.map((p) => p.id), players.map((p) => p.gameId), players.map((p) => p.name)],
  );
  return id;
}
