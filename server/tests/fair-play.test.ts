// Fair play through the Data API (supabase-js), on PGlite and on Postgres: what a hostile player or a
// careless administrator could do to a tournament and must not be able to (issue 27).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  async function adminClient(): Promise<Client> {
    const [account] = await players(1);
    return clientFor(account!.id, { role: 'admin' });
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

  /** A started 1v1 tournament of the given players (seeded in that order); returns it and its first match. */
  async function started(
    entrants: { id: string }[],
    format = 'single_elimination',
  ): Promise<{ tournamentId: string; first: string }> {
    const tournamentId = await tournament({ slots: Math.max(entrants.length, 2), format });
    await stack.ctx.db.query(
      `insert into public.teams (tournament_id, registered_by, checked_in_at, seed)
       select $1, u.id, now(), u.n from unnest($2::uuid[]) with ordinality as u (id, n)`,
      [tournamentId, entrants.map((e) => e.id)],
    );
    await stack.ctx.db.query(
      `insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
       select t.id, t.tournament_id, 1, '#' || upper(substr(md5(t.id::text), 1, 9)), 'P' || t.seed
       from public.teams t where t.tournament_id = $1`,
      [tournamentId],
    );
    await asAdmin(`select public.start_tournament($1, 'manual')`, [tournamentId]);
    const { rows } = await stack.ctx.db.query<{ id: string }>(
      `select id from public.matches where tournament_id = $1 and not is_bye order by bracket, round, position limit 1`,
      [tournamentId],
    );
    return { tournamentId, first: rows[0]!.id };
  }

  async function asAdmin(sql: string, params: unknown[] = []): Promise<void> {
    await stack.ctx.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
      );
      await tx.query(sql, params);
    });
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

  it('a report holds exactly the games, in range and small; junk is refused with 400 (4)', async () => {
    const [a, b] = await players(2);
    const { first } = await started([a!, b!]);
    const junk = await a!.client.rpc('report_match', {
      p_match_id: first,
      p_games: [{ winner: 1, junk: 'x'.repeat(1_900_000) }],
    });
    expect(junk.error?.code).toBe('BC619');
    expect(junk.status).toBe(400);
    for (const games of [
      [{ winner: 1, team1_score: -5, team2_score: 0 }],
      [{ winner: 1, team1_score: 1e9, team2_score: 0 }],
      [{ winner: 1, team1_score: 1 }],
    ]) {
      const refused = await a!.client.rpc('report_match', { p_match_id: first, p_games: games });
      expect({ games, code: refused.error?.code }).toEqual({ games, code: 'BC619' });
    }
    const good = await a!.client.rpc('report_match', {
      p_match_id: first,
      p_games: [{ winner: 1, team1_score: 3, team2_score: 1 }],
    });
    expect(good.error).toBeNull();
    const { data } = await b!.client.from('matches').select('games, report_version').eq('id', first).single();
    expect(data).toEqual({ games: [{ winner: 1, team1_score: 3, team2_score: 1 }], report_version: 1 });
  });

  it('a confirmation names the report it saw: a changed report needs a new one (5)', async () => {
    const [a, b] = await players(2);
    const { first } = await started([a!, b!]);
    await stack.ctx.db.query(`update public.matches set best_of = 3 where id = $1`, [first]);
    expect(
      (await a!.client.rpc('report_match', { p_match_id: first, p_games: [{ winner: 1 }, { winner: 1 }] })).error,
    ).toBeNull();
    const seen = await b!.client
      .from('matches')
      .select('report_version, team1_score, team2_score')
      .eq('id', first)
      .single();
    expect(seen.data).toEqual({ report_version: 1, team1_score: 2, team2_score: 0 });
    const changed = await a!.client.rpc('report_match', {
      p_match_id: first,
      p_games: [{ winner: 1 }, { winner: 2 }, { winner: 1 }],
    });
    expect(changed.error).toBeNull();
    const stale = await b!.client.rpc('confirm_match', {
      p_match_id: first,
      p_report_version: seen.data!.report_version,
    });
    expect(stale.error?.code).toBe('BC620');
    const now = await b!.client
      .from('matches')
      .select('report_version, team1_score, team2_score, confirmed_at')
      .eq('id', first)
      .single();
    expect(now.data).toEqual({ report_version: 2, team1_score: 2, team2_score: 1, confirmed_at: null });
    expect((await b!.client.rpc('confirm_match', { p_match_id: first, p_report_version: 2 })).error).toBeNull();
  });

  it('after the start, check-in swaps nobody and the format stays (6)', async () => {
    const [a, b, noShow, waiting] = await players(4);
    const admin = await adminClient();
    const { tournamentId } = await started([a!, b!, noShow!], 'round_robin');
    await stack.ctx.db.query(
      `insert into public.teams (tournament_id, registered_by, status, checked_in_at) values ($1, $2, 'waitlisted', now())`,
      [tournamentId, waiting!.id],
    );
    await stack.ctx.db.query(
      `update public.teams set checked_in_at = null where tournament_id = $1 and registered_by = $2`,
      [tournamentId, noShow!.id],
    );
    // Check-in closes (the schedule moves to the past, as time would).
    await stack.ctx.db.query(`update public.tournaments set starts_at = now() + interval '1 hour' where id = $1`, [
      tournamentId,
    ]);
    await stack.ctx.db.query(
      `update public.tournaments set checkin_opens_at = now() - interval '2 hours', checkin_closes_at = now() - interval '1 minute'
       where id = $1`,
      [tournamentId],
    );
    expect((await stack.client().rpc('settle_check_in', { p_tournament_id: tournamentId })).error).toBeNull();
    const { rows } = await stack.ctx.db.query<{ registered_by: string; status: string }>(
      'select registered_by, status from public.teams where tournament_id = $1',
      [tournamentId],
    );
    expect(new Map(rows.map((r) => [r.registered_by, r.status]))).toEqual(
      new Map([
        [a!.id, 'registered'],
        [b!.id, 'registered'],
        [noShow!.id, 'registered'],
        [waiting!.id, 'waitlisted'],
      ]),
    );
    const change = await admin.from('tournaments').update({ format: 'single_elimination' }).eq('id', tournamentId);
    expect(change.error?.code).toBe('BC211');
  });

  it('a team removed after the start forfeits its matches: the bracket finishes (2)', async () => {
    const entrants = await players(4);
    const admin = await adminClient();
    const { tournamentId } = await started(entrants);
    // Computed fields (state, champion) are not in the generated types.
    const untyped = admin as unknown as SupabaseClient;
    const match = async (round: number, position: number) =>
      (
        await untyped
          .from('matches')
          .select('id, team1_id, team2_id, winner_id, result_reason, state')
          .eq('tournament_id', tournamentId)
          .eq('round', round)
          .eq('position', position)
          .single()
      ).data!;
    const teamOf = async (userId: string) =>
      (await admin.from('teams').select('id').eq('tournament_id', tournamentId).eq('registered_by', userId).single())
        .data!.id;
    const [seed1, seed2, seed3] = await Promise.all(entrants.slice(0, 3).map((e) => teamOf(e.id)));
    // Seed 1 beats seed 4 and waits in the final; seed 1's captain deletes their account.
    const semi = await match(1, 1);
    expect((await admin.rpc('forfeit_match', { p_match_id: semi.id, p_winner_team_id: seed1! })).error).toBeNull();
    expect((await stack.service().auth.admin.deleteUser(entrants[0]!.id)).error).toBeNull();
    // Seed 3 is removed by the administrator during their semi-final with seed 2.
    const removal = await admin.from('teams').delete().eq('id', seed3!);
    expect(removal.error).toBeNull();
    expect(await match(1, 2)).toMatchObject({ winner_id: seed2, result_reason: 'forfeit', state: 'done' });
    expect(await match(2, 1)).toMatchObject({ team1_id: null, team2_id: seed2, winner_id: seed2, state: 'done' });
    const { data } = await untyped.from('tournaments').select('completed_at, champion').eq('id', tournamentId).single();
    expect(data?.completed_at).not.toBeNull();
    expect(data?.champion).toBe('P2');
  });

  it("a sign-up whose username holds a NUL or a lone surrogate is refused with 400 and the form's message (9)", async () => {
    for (const username of ['Nul\u0000Name', 'Half\ud800Name']) {
      const { data, error } = await stack.client().auth.signUp({
        email: `fair-${randomUUID()}@example.com`,
        password: 'brawlcup-player',
        options: { data: { username, game_id: null } },
      });
      expect({ username, status: error?.status, code: error?.code, message: error?.message, user: data.user }).toEqual({
        username,
        status: 400,
        code: 'validation_failed',
        message: 'Username cannot contain invisible characters.',
        user: null,
      });
    }
  });

  /**
   * A local stand-in of the official Brawl Stars API, in its documented shape: `GET /v1/players/%23TAG`
   * with the operator's key answers the player, 404 `{reason: "notFound"}` for an unknown tag.
   */
  async function brawlStarsApi(players: Map<string, { name: string; icon: number }>) {
    const server: Server = createServer((req, res) => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== 'Bearer test-key')
        return send(403, { reason: 'accessDenied', message: 'Invalid authorization' });
      const match = /^\/v1\/players\/([^/?]+)$/.exec(req.url ?? '');
      const tag = match ? decodeURIComponent(match[1]!) : '';
      const player = players.get(tag);
      if (!player) return send(404, { reason: 'notFound', message: `Not found with tag ${tag}` });
      send(200, {
        tag,
        name: player.name,
        nameColor: '0xffffffff',
        icon: { id: player.icon },
        trophies: 1234,
        expLevel: 42,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  it('without an API key nothing is verified, and the function says so (1)', async () => {
    const [player] = await players(1);
    stack.ctx.config.brawlStars = { apiUrl: 'http://127.0.0.1:9' };
    const status = await player!.client.functions.invoke('verify-player-id', { method: 'GET' });
    expect(status.data).toEqual({ enabled: false });
    const start = await player!.client.functions.invoke('verify-player-id', { body: { player_id: '#2PP8LQ9JR' } });
    expect(start.error?.context?.status).toBe(503);
    expect(await start.error?.context?.json()).toEqual({
      code: 'BC109',
      message: 'Player IDs are not verified on this site.',
    });
  });

  it('a player proves their tag in the game and takes it back from a squatter, on their profile and in a tournament (1)', async () => {
    const tag = `#${Array.from({ length: 9 }, () => '0289PYLQGRJCUV'[Math.floor(Math.random() * 14)]).join('')}`;
    const game = new Map([[tag, { name: 'Real Owner', icon: 28000000 }]]);
    const api = await brawlStarsApi(game);
    stack.ctx.config.brawlStars = { apiUrl: api.url, apiKey: 'test-key' };
    try {
      const [squatter, owner] = await players(2, [tag, null]);
      // The squatter registers the tag as their own solo place before the owner has it on their profile.
      const id = await tournament();
      await stack.ctx.db.query(`update public.profiles set game_id = null where id = $1`, [squatter!.id]);
      const squat = await squatter!.client.rpc('register_team', {
        p_tournament_id: id,
        p_team_name: '',
        p_players: [{ player_id: tag, in_game_name: 'Squat' }],
      });
      expect(squat.error).toBeNull();
      await stack.ctx.db.query(`update public.profiles set game_id = $2 where id = $1`, [squatter!.id, tag]);

      const invoke = (body: Record<string, unknown>) =>
        owner!.client.functions.invoke('verify-player-id', { body }).then(async (r) => ({
          data: r.data as Record<string, unknown> | null,
          status: r.error?.context?.status ?? 200,
          error: r.error ? await r.error.context?.json() : null,
        }));
      expect((await owner!.client.functions.invoke('verify-player-id', { method: 'GET' })).data).toEqual({
        enabled: true,
      });
      expect(await invoke({ player_id: '#2PPPPPPP' })).toMatchObject({ status: 404, error: { code: 'BC108' } });
      const started = await invoke({ player_id: tag.slice(1).toLowerCase() });
      expect(started).toMatchObject({
        status: 200,
        data: { status: 'pending', player_id: tag, in_game_name: 'Real Owner' },
      });
      const icon = started.data!.icon as { id: number; name: string };
      expect(icon.id).not.toBe(28000000);
      // Not set yet in the game.
      expect(await invoke({})).toMatchObject({ status: 409, error: { code: 'BC107' } });
      game.get(tag)!.icon = icon.id;
      expect(await invoke({})).toMatchObject({ status: 200, data: { status: 'verified', player_id: tag } });

      const profiles = await stack.ctx.db.query<{ id: string; game_id: string | null; verified: boolean }>(
        'select id, game_id, game_id_verified_at is not null as verified from public.profiles where id = any($1)',
        [[squatter!.id, owner!.id]],
      );
      expect(new Map(profiles.rows.map((r) => [r.id, [r.game_id, r.verified]]))).toEqual(
        new Map([
          [squatter!.id, [null, false]],
          [owner!.id, [tag, true]],
        ]),
      );
      // The owner registers with their tag: the squatter's solo registration is gone.
      const mine = await owner!.client.rpc('register_team', {
        p_tournament_id: id,
        p_team_name: '',
        p_players: [{ player_id: tag, in_game_name: 'Owner' }],
      });
      expect(mine.error).toBeNull();
      const { rows } = await stack.ctx.db.query<{ registered_by: string }>(
        'select registered_by from public.teams where tournament_id = $1',
        [id],
      );
      expect(rows).toEqual([{ registered_by: owner!.id }]);
    } finally {
      api.close();
      stack.ctx.config.brawlStars = undefined;
    }
  });

  it("another account's player ID cannot be registered as one's own solo place; its owner registers (1)", async () => {
    const tag = `#${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;
    const [attacker, victim] = await players(2, [null, tag]);
    const id = await tournament();
    const register = (client: Client) =>
      client.rpc('register_team', {
        p_tournament_id: id,
        p_team_name: '',
        p_players: [{ player_id: tag, in_game_name: 'V' }],
      });
    const squat = await register(attacker!.client);
    expect(squat.status).toBe(400);
    expect(squat.error).toMatchObject({ code: 'BC326', hint: 'players.player_id' });
    expect(JSON.parse(squat.error!.details)).toEqual([tag, '1']);
    expect((await register(victim!.client)).error).toBeNull();
  });

  it('an account invited by its player ID reads nothing of the team and cannot undo its check-in until it confirms (1)', async () => {
    const tag = (n: number) => `#${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}${n}`;
    const [captainTag, squatTag] = [tag(1), tag(2)];
    const [captain, squatter] = await players(2, [captainTag, squatTag]);
    const admin = await adminClient();
    const id = await tournament({ type: '2v2' });
    const { data: team, error } = await captain!.client.rpc('register_team', {
      p_tournament_id: id,
      p_team_name: 'Caps',
      p_players: [
        { player_id: captainTag, in_game_name: 'Cap' },
        { player_id: squatTag, in_game_name: 'Friend' },
      ],
    });
    expect(error).toBeNull();
    expect((await admin.rpc('set_check_in', { p_team_id: team!.id, p_checked_in: true })).error).toBeNull();
    const places = await squatter!.client.from('team_players').select('player_id').eq('team_id', team!.id);
    expect(places.data).toEqual([{ player_id: squatTag }]);
    expect((await squatter!.client.rpc('discord_link', { p_tournament_id: id })).data).toBeNull();
    expect((await squatter!.client.rpc('leave_team', { p_team_id: team!.id })).error).toBeNull();
    const { rows } = await stack.ctx.db.query<{ checked_in: boolean }>(
      'select checked_in_at is not null as checked_in from public.teams where id = $1',
      [team!.id],
    );
    expect(rows).toEqual([{ checked_in: true }]);
  });
});
