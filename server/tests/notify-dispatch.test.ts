// The dispatcher end to end, on PGlite and on Postgres: the stack runs supabase/functions/notify-dispatch
// in Deno as `npm start` does, the outbox trigger wakes it, and it delivers to local stand-ins of a push
// service (the encrypted push and its VAPID signature are checked) and of Discord's webhook endpoint
// (mentions, batching, rate limits). Also: bad input refused with the Data API's error shape, expired
// subscriptions dropped, failures kept for administrators, rows of a dead dispatcher sent after its
// lease, and concurrent dispatchers never sending a row twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { dispatch } from '../../supabase/functions/notify-dispatch/dispatch.ts';
import { startTestStack, type TestStack } from './helpers.ts';
import {
  startDiscordReceiver,
  startPushReceiver,
  verifyVapid,
  type DiscordReceiver,
  type PushReceiver,
} from './notify-receivers.ts';
import { createAdmin, createCheckedInTournament, createPlayers, type Player } from './notify-fixtures.ts';

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('notify-dispatch on $name', ({ postgres }) => {
  let stack: TestStack;
  let push: PushReceiver;
  let discord: DiscordReceiver;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    push = await startPushReceiver();
    discord = await startDiscordReceiver();
    stack = await startTestStack({
      postgres,
      notify: {
        edgeFunctions: true,
        discordApiUrl: discord.apiUrl,
        pushServiceOrigins: push.origin,
        dispatchIntervalMs: 600_000,
      },
    });
    admin = await createAdmin(stack);
  });

  afterAll(async () => {
    await stack?.destroy();
    await push?.close();
    await discord?.close();
  });

  const subscribe = async (player: Player) => {
    const sub = push.subscribe();
    const { error } = await player.client.rpc('save_push_subscription', {
      p_endpoint: sub.endpoint,
      p_p256dh: sub.p256dh,
      p_auth: sub.auth,
    });
    expect(error).toBeNull();
    return sub;
  };

  it('pushes the match call to the player’s browser, encrypted and signed with VAPID, and posts it in the channel', async () => {
    const players = await createPlayers(stack, 2, { discord: (i) => (i === 0 ? '222222222222222222' : undefined) });
    const sub = await subscribe(players[0]!);
    const tournamentId = await createCheckedInTournament(stack, players, { bestOf: 3 });
    const webhook = discord.webhookUrl();
    expect(
      (await admin.client.from('tournament_webhooks').insert({ tournament_id: tournamentId, url: webhook })).error,
    ).toBeNull();
    const before = push.pushes.length;
    expect(
      (await admin.client.rpc('start_tournament', { p_tournament_id: tournamentId, p_seeding: 'manual' })).error,
    ).toBeNull();

    const mine = (await push.waitFor(before + 2)).filter((p) => p.path === new URL(sub.endpoint).pathname);
    const payloads = mine.map((p) => sub.decrypt(p.body) as { kind: string; title: string; body: string; url: string });
    const call = payloads.find((p) => p.kind === 'match_ready')!;
    expect(call.title).toBe('Your match is ready: Final');
    expect(call.body).toContain(`vs ${players[1]!.name} · best of 3`);
    expect(call.url).toMatch(new RegExp(`^/tournaments/${tournamentId}\\?match=[0-9a-f-]{36}$`));
    const received = mine[payloads.indexOf(call)]!;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers['content-type']).toBe('application/octet-stream');
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    expect(received.headers.urgency).toBe('high');
    const claims = await verifyVapid(received.headers.authorization, push.origin, stack.notifications.vapid.publicKey);
    expect(claims.sub).toBe(stack.notifications.vapid.subject);

    // The same notification in the app, read through the Data API.
    const { data } = await players[0]!.client.from('notifications').select('kind, link').eq('kind', 'match_ready');
    expect(data).toEqual([{ kind: 'match_ready', link: call.url }]);

    const messages = await discord.waitFor((m) =>
      m.some((x) => x.body.content.includes('Final:') && x.path.includes(webhook.split('/').at(-2)!)),
    );
    const match = messages.find((x) => x.body.content.includes('Final:'))!;
    expect(match.body.content).toContain(
      `**${players[0]!.name}** (<@222222222222222222>) vs **${players[1]!.name}** · Bo3`,
    );
    expect(match.body.allowed_mentions).toEqual({ parse: [], users: ['222222222222222222'] });
    expect(messages.some((x) => x.body.content.startsWith(':mega: Registration is open'))).toBe(true);
    // Each row is marked sent once its service has answered: a moment after the message arrived.
    const unsent = async () =>
      (await admin.client.from('outbox').select('sent_at').eq('tournament_id', tournamentId)).data?.filter(
        (r) => r.sent_at === null,
      ).length;
    await expect.poll(unsent, { timeout: 15_000 }).toBe(0);
  });

  it('refuses bad input with a 4xx in the Data API’s error shape and stores nothing', async () => {
    const [player, other] = await createPlayers(stack, 2);
    const tournamentId = await createCheckedInTournament(stack, [player!, other!]);
    const bad = await admin.client.from('tournament_webhooks').insert({
      tournament_id: tournamentId,
      url: 'https://example.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
    });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: 'BC806', hint: 'url' });
    const byPlayer = await player!.client
      .from('tournament_webhooks')
      .insert({ tournament_id: tournamentId, url: discord.webhookUrl() });
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.error?.code).toBe('42501');

    const sub = push.subscribe();
    const foreign = await player!.client.rpc('save_push_subscription', {
      p_endpoint: 'https://push.evil.example/x',
      p_p256dh: sub.p256dh,
      p_auth: sub.auth,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.error).toMatchObject({ code: 'BC803', hint: 'endpoint' });
    const big = await player!.client.rpc('save_push_subscription', {
      p_endpoint: sub.endpoint,
      p_p256dh: 'A'.repeat(100_000),
      p_auth: sub.auth,
    });
    expect(big.error).toMatchObject({ code: 'BC804' });

    const kind = await player!.client.from('notification_preferences').insert({ kind: 'free_gems', push: false });
    expect(kind.status).toBe(400);
    expect(kind.error).toMatchObject({ code: 'BC801', hint: 'kind' });

    await stack.ctx.db.query(`select private.notify($1::uuid, 'champion', 'test:' || $1::text, 'Hi', 'Hi', '/home')`, [
      other!.id,
    ]);
    const { data: theirs } = await stack.service().from('notifications').select('id').eq('user_id', other!.id);
    const mark = await player!.client.rpc('mark_notifications_read', { p_ids: [theirs![0]!.id] });
    expect(mark.status).toBe(400);
    expect(mark.error).toMatchObject({ code: 'BC802', message: 'This notification does not exist.' });

    const { rows } = await stack.ctx.db.query<{ webhooks: number; subs: number; prefs: number; read: number }>(
      `select (select count(*)::int from public.tournament_webhooks where tournament_id = $1) as webhooks,
              (select count(*)::int from public.push_subscriptions where user_id = $2) as subs,
              (select count(*)::int from public.notification_preferences where user_id = $2) as prefs,
              (select count(*)::int from public.notifications where user_id = $3 and read_at is not null) as read`,
      [tournamentId, player!.id, other!.id],
    );
    expect(rows[0]).toEqual({ webhooks: 0, subs: 0, prefs: 0, read: 0 });
  });

  it('drops a subscription the push service says is gone (410)', async () => {
    const [player] = await createPlayers(stack, 1);
    const sub = await subscribe(player!);
    push.gone.add(new URL(sub.endpoint).pathname);
    await stack.ctx.db.query(
      `select private.notify($1::uuid, 'champion', 'gone:' || $1::text, 'Champion', 'You won.', '/home')`,
      [player!.id],
    );
    await expect
      .poll(async () => (await player!.client.from('push_subscriptions').select('id')).data, { timeout: 20_000 })
      .toEqual([]);
  });

  it('waits out Discord’s 429 (retry_after) and posts the message once', async () => {
    const [player] = await createPlayers(stack, 1);
    const tournamentId = await createCheckedInTournament(stack, [player!, ...(await createPlayers(stack, 1))]);
    await stack.ctx.db.query(`insert into public.tournament_webhooks (tournament_id, url) values ($1, $2)`, [
      tournamentId,
      discord.webhookUrl(),
    ]);
    discord.throttleNext(2, 0.3);
    await stack.ctx.db.query(
      `select private.discord_post($1::uuid, 'rate:' || $1::text, 'After the rate limit ' || $1::text)`,
      [tournamentId],
    );
    await discord.waitFor((m) => m.some((x) => x.body.content === `After the rate limit ${tournamentId}`));
    await new Promise((r) => setTimeout(r, 500));
    expect(discord.messages.filter((x) => x.body.content === `After the rate limit ${tournamentId}`)).toHaveLength(1);
  });

  it('calls a 128-team bracket’s 64 matches in as few messages as Discord allows, within its rate limit', async () => {
    const players = await createPlayers(stack, 128, { discord: (i) => String(300000000000000000n + BigInt(i)) });
    const tournamentId = await createCheckedInTournament(stack, players);
    const webhook = discord.webhookUrl();
    await stack.ctx.db.query(`insert into public.tournament_webhooks (tournament_id, url) values ($1, $2)`, [
      tournamentId,
      webhook,
    ]);
    const hookPath = new URL(webhook).pathname;
    const refusedBefore = discord.refused;
    expect(
      (await admin.client.rpc('start_tournament', { p_tournament_id: tournamentId, p_seeding: 'manual' })).error,
    ).toBeNull();
    const calls = (m: typeof discord.messages) =>
      m
        .filter((x) => x.path.startsWith(hookPath))
        .flatMap((x) => x.body.content.split('\n').filter((l) => l.startsWith('Round 1:')));
    await discord.waitFor((m) => calls(m).length >= 64, 30_000);
    const mine = discord.messages.filter((x) => x.path.startsWith(hookPath));
    const callMessages = mine.filter((x) => x.body.content.startsWith('Round 1:'));
    const chars = calls(discord.messages).reduce((n, l) => n + l.length + 1, 0);
    expect(calls(discord.messages)).toHaveLength(64);
    expect(callMessages.length).toBeLessThanOrEqual(Math.ceil(chars / 1800));
    for (const m of callMessages) {
      expect(m.body.content.length).toBeLessThanOrEqual(2000);
      expect(m.body.allowed_mentions!.users!.length).toBeLessThanOrEqual(100);
      for (const id of m.body.allowed_mentions!.users!) expect(m.body.content).toContain(`<@${id}>`);
    }
    expect(discord.refused).toBe(refusedBefore);
  });

  it('keeps a delivery that keeps failing visible to administrators', async () => {
    const players = await createPlayers(stack, 2);
    const tournamentId = await createCheckedInTournament(stack, players);
    // A webhook of a host that is not DISCORD_API_URL's: stored before the operator moved the base.
    await stack.ctx.db
      .query(`insert into private.notify_settings (key, value) values ('discord_api_url', 'https://discord.com/api')
                              on conflict (key) do update set value = excluded.value`);
    await stack.ctx.db.query(`insert into public.tournament_webhooks (tournament_id, url) values ($1, $2)`, [
      tournamentId,
      'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz',
    ]);
    await stack.ctx.db.query(`update private.notify_settings set value = $1 where key = 'discord_api_url'`, [
      discord.apiUrl,
    ]);
    // Its first attempt (the announcement of the open registration) fails; then it is on its last.
    await expect
      .poll(
        async () =>
          (await stack.ctx.db.query(`select last_error from public.outbox where tournament_id = $1`, [tournamentId]))
            .rows,
        {
          timeout: 20_000,
        },
      )
      .toEqual([{ last_error: 'webhook not under DISCORD_API_URL' }]);
    await stack.ctx.db.query(
      `update public.outbox set attempts = 7, next_attempt_at = now(), claimed_until = null where tournament_id = $1`,
      [tournamentId],
    );
    await stack.notifications.dispatch();
    await expect
      .poll(
        async () =>
          (await admin.client.from('outbox').select('failed_at, last_error').eq('tournament_id', tournamentId)).data,
        {
          timeout: 20_000,
        },
      )
      .toEqual([{ failed_at: expect.any(String), last_error: 'webhook not under DISCORD_API_URL' }]);
    const { data: seen } = await players[0]!.client.from('outbox').select('id');
    expect(seen).toEqual([]);
  });

  it('sends the rows of a dispatcher that died after claiming them once its lease has passed', async () => {
    const players = await createPlayers(stack, 2);
    const tournamentId = await createCheckedInTournament(stack, players);
    await stack.ctx.db.query(`insert into public.tournament_webhooks (tournament_id, url) values ($1, $2)`, [
      tournamentId,
      discord.webhookUrl(),
    ]);
    // Queued and claimed in one transaction, as by a dispatcher killed right after its claim.
    await stack.ctx.db.query(`do $$ begin
        perform private.discord_post('${tournamentId}', 'orphan:${tournamentId}', 'Orphaned ${tournamentId}');
        perform public.claim_outbox(100, 5);
      end $$`);
    await stack.notifications.dispatch();
    expect(discord.messages.some((x) => x.body.content === `Orphaned ${tournamentId}`)).toBe(false);
    await new Promise((r) => setTimeout(r, 5_500));
    await stack.notifications.dispatch();
    await discord.waitFor((m) => m.some((x) => x.body.content === `Orphaned ${tournamentId}`));
  });

  it('never sends a row twice when dispatchers run side by side', async () => {
    const [player] = await createPlayers(stack, 1);
    const sub = await subscribe(player!);
    const path = new URL(sub.endpoint).pathname;
    await stack.ctx.db.query(
      `select private.notify($1::uuid, 'champion', 'many:' || i || ':' || $1::text, 'Champion ' || i, 'You won.', '/home') from generate_series(1, 40) i`,
      [player!.id],
    );
    const service = stack.service();
    const deps = {
      rpc: async (name: string, args: Record<string, unknown>) => {
        const { data, error } = await service.rpc(name, args);
        if (error) throw new Error(error.message);
        return data;
      },
      pushRequest: (s: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string) =>
        webpush.generateRequestDetails(s, payload, { vapidDetails: stack.notifications.vapid }) as never,
      fetch,
      discordApiUrl: discord.apiUrl,
      siteUrl: stack.url,
    };
    await Promise.all([dispatch(deps), dispatch(deps), dispatch(deps), stack.notifications.dispatch()]);
    await expect.poll(() => push.pushes.filter((p) => p.path === path).length, { timeout: 20_000 }).toBe(40);
    const titles = push.pushes
      .filter((p) => p.path === path)
      .map((p) => (sub.decrypt(p.body) as { title: string }).title);
    expect(new Set(titles).size).toBe(40);
  });

  it('answers the functions gateway as hosted does: a JWT required, the service role for the dispatcher', async () => {
    const none = await fetch(`${stack.url}/functions/v1/notify-dispatch`, { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await fetch(`${stack.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(forged.status).toBe(401);
    const anon = await fetch(`${stack.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.ctx.keys.anonKey}` },
    });
    expect(anon.status).toBe(403);
    const unknown = await fetch(`${stack.url}/functions/v1/no-such-function`, {
      headers: { authorization: `Bearer ${stack.ctx.keys.anonKey}` },
    });
    expect(unknown.status).toBe(404);
    const ok = await fetch(`${stack.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.ctx.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"clock": true}',
    });
    expect([200, 202]).toContain(ok.status);
    const service = { authorization: `Bearer ${stack.ctx.keys.serviceRoleKey}`, 'content-type': 'application/json' };
    const notJson = await fetch(`${stack.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: service,
      body: '{"clock":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ code: 'bad_json', message: 'The body is JSON: {} or {"clock": true}.' });
    const huge = await fetch(`${stack.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: service,
      body: JSON.stringify({ pad: 'x'.repeat(64 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      code: 'request_too_large',
      message: 'The request body is too large (at most 16 KB).',
    });
  });
});
