// A player who linked Discord is mentioned in the tournament channel's match call: npm start of its
// own with Discord sign-in on (a stand-in for Discord's OAuth endpoints) and the Discord API base
// pointed at a local webhook receiver. The player links Discord from their profile in Chromium; the
// administrator then runs the tournament; the call pings that player's Discord account, and only it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, PASSWORD, playerId, uniqueEmail } from './support/data.ts';
import { signIn, text, visible, waitForPath } from './support/ui.ts';
import { insertTournament, registerTeamAs, tournamentFields } from '../src/testing/fixtures.ts';
import { copyPgliteTemplate } from '../server/tests/helpers.ts';
import { discordUser, startDiscordStandIn, type DiscordStandIn } from '../server/tests/discord-stand-in.ts';
import { startDiscordReceiver, type DiscordReceiver } from '../server/tests/notify-receivers.ts';
import { startServerProcess, type ServerProcess } from '../server/tests/server-process.ts';

const journey = journeyBrowser();

describe('Discord match calls', () => {
  let temp: string;
  let server: ServerProcess;
  let oauth: DiscordStandIn;
  let channel: DiscordReceiver;

  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'brawlcup-e2e-mentions-'));
    oauth = await startDiscordStandIn({ redirectUri: () => `${server.url}/auth/v1/callback` });
    channel = await startDiscordReceiver();
    const dataDir = join(temp, 'data');
    await copyPgliteTemplate(dataDir);
    server = await startServerProcess({
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      SUPABASE_AUTH_EXTERNAL_DISCORD_ENABLED: 'true',
      SUPABASE_AUTH_EXTERNAL_DISCORD_CLIENT_ID: oauth.clientId,
      SUPABASE_AUTH_EXTERNAL_DISCORD_SECRET: oauth.secret,
      SUPABASE_AUTH_EXTERNAL_DISCORD_URL: oauth.url,
      DISCORD_API_URL: channel.apiUrl,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await oauth?.close();
    await channel?.close();
    await rm(temp, { recursive: true, force: true });
  });

  const client = () =>
    createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });

  async function account(who: string): Promise<{ email: string; gameId: string; client: SupabaseClient }> {
    const email = uniqueEmail(who);
    const gameId = playerId();
    const c = client();
    const { error } = await c.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username: who, game_id: `#${gameId}` } },
    });
    expect(error).toBeNull();
    return { email, gameId, client: c };
  }

  it('mentions the player who linked Discord, and names the one who did not', async () => {
    const nova = await account('NovaLinked');
    const blaze = await account('BlazePlain');

    // Nova links Discord from the profile.
    // A snowflake as Discord's are today (17 to 20 digits).
    const snowflake = String(300000000000000000n + BigInt(Math.floor(Math.random() * 1e15)));
    oauth.signInAs(discordUser({ id: snowflake, global_name: 'Nova on Discord' }));
    const { page } = await newPerson(journey.browser, PHONE, { baseURL: server.url });
    await signIn(page, { email: nova.email, password: PASSWORD });
    await waitForPath(page, '/home');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Link Discord' }).click();
    await waitForPath(page, '/profile');
    await visible(text(page, 'Nova on Discord'));
    const identities = await nova.client.auth.getUserIdentities();
    const discordId = identities.data?.identities.find((i) => i.provider === 'discord')?.id;
    expect(discordId).toBe(snowflake);

    // The administrator runs a tournament with a channel webhook; both register and are checked in.
    const admin = client();
    await admin.auth.signInWithPassword(ADMIN);
    const t = await insertTournament(admin, tournamentFields('Mention Cup', { type: '1v1', slots: 2 }));
    const webhook = `${channel.apiUrl}/webhooks/123456789012345678/${'m'.repeat(68)}`;
    expect((await admin.from('tournament_webhooks').insert({ tournament_id: t.id, url: webhook })).error).toBeNull();
    for (const [p, name] of [
      [nova, 'Nova'],
      [blaze, 'Blaze'],
    ] as const) {
      await registerTeamAs(p.client, t, { players: [{ player_id: `#${p.gameId}`, in_game_name: name }] });
      const { data } = await p.client.from('teams').select('id').eq('tournament_id', t.id).single();
      expect((await admin.rpc('set_check_in', { p_team_id: data!.id, p_checked_in: true })).error).toBeNull();
    }
    expect((await admin.rpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' })).error).toBeNull();

    await expect
      .poll(() => channel.messages.find((m) => m.body.content.startsWith('Final:'))?.body, { timeout: 20_000 })
      .toMatchObject({
        content: expect.stringContaining(`Final: **Nova** (<@${discordId}>) vs **Blaze** · Bo1`),
        allowed_mentions: { parse: [], users: [discordId] },
      });
  });
});
