// Fair play through the Data API (supabase-js), on PGlite and on Postgres: what a hostile player or a
// careless administrator could do to a tournament and must not be able to (issue 27).
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '@/types/database';
import { startTestStack, type TestStack } from './helpers.ts';

type Client = SupabaseClient<Database>;

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('fair play through the Data API on $name', ({ postgres }) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  });

  /** Accounts made as Auth makes them, each with a signed-in client. */
  async function players(
    count: number,
    gameIds: (string | null)[] = [],
  ): Promise<{ id: string; client: Client; username: string }[]> {
    const ids = Array.from({ length: count }, () => randomUUID());
    const usernames = ids.map((id) => `Fair ${id.slice(0, 8)}`);
    await stack.ctx.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                               confirmation_token, recovery_token, email_change_token_new, email_change, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', 'fair-' || u.id || '@example.com', '',
              '{}', jsonb_build_object('username', u.name, 'game_id', u.game_id), '', '', '', '', now(), now()
       from unnest($1::uuid[], $2::text[], $3::text[]) as u (id, name, game_id)`,
      [ids, usernames, ids.map((_, i) => gameIds[i] ?? null)],
    );
    return Promise.all(
      ids.map(async (id, i) => ({
        id,
        username: usernames[i]!,
        client: await clientFor(id),
      })),
    );
  }

  async function clientFor(id: string, appMetadata: Record<string, unknown> = {}): Promise<Client> {
    const token = await stack.ctx.keys.jwt.sign(
      { sub: id, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata },
      3600,
    );
    return createClient<Database>(stack.url, stack.ctx.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as never },
    });
  }

  async function tournament(fields: Record<string, unknown> = {}): Promise<string> {
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format)
       select $1, 'Fair play.', '/banners/solo-showdown.svg', coalesce(($2::jsonb ->> 'slots')::int, 8), 'https://discord.gg/fair',
              coalesce($2::jsonb ->> 'type', '1v1'), coalesce($2::jsonb ->> 'format', 'single_elimination')
       returning id`,
      [`Fair Cup ${randomUUID().slice(0, 8)}`, JSON.stringify(fields)],
    );
    return rows[0]!.id;
  }

  it("a made-up row passed to captain_username reveals no other account's username (7)", async () => {
    const [captain, victim] = await players(2);
    const id = await tournament();
    const { data: team, error } = await captain!.client.rpc('register_team', {
      p_tournament_id: id,
      p_team_name: '',
      p_players: [{ player_id: `#${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`, in_game_name: 'Cap' }],
    });
    expect(error).toBeNull();
    const own = await captain!.client.rpc('captain_username', { t: team! } as never);
    expect(own).toMatchObject({ data: captain!.username, error: null });
    const forged = await captain!.client.rpc('captain_username', {
      t: { ...team!, registered_by: victim!.id },
    } as never);
    expect(forged).toMatchObject({ data: captain!.username, error: null });
  });
});
