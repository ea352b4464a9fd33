// kill -9 while the dispatcher is sending: the real `npm start` (PGlite) has claimed a Discord post and
// its request is under way when the server is killed; its Deno runtime goes with it, and the server
// started again on the same folder sends the post once the dead dispatcher's lease has passed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { copyPgliteTemplate, makeClient } from './helpers.ts';
import { startDiscordReceiver } from './notify-receivers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

it('sends a post a killed dispatcher was sending, once, after a restart', async () => {
  const discord = await startDiscordReceiver();
  cleanup.push(() => discord.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-notify-crash-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  await copyPgliteTemplate(dataDir);
  const env = {
    DATA_DIR: dataDir,
    DISCORD_API_URL: discord.apiUrl,
    DISPATCH_LEASE_SECONDS: '3',
    DISPATCH_INTERVAL_MS: '1000',
  };

  const first: ServerProcess = await startServerProcess(env);
  cleanup.push(() => first.kill9());
  const service = makeClient(first.url, first.serviceRoleKey);
  const { data: tournament, error } = await service
    .from('tournaments')
    .insert({
      name: `Crash Cup ${Date.now()}`,
      description: 'Killed mid-send.',
      thumbnail_url: '/banners/solo-showdown.svg',
      slots: 8,
      type: '1v1',
      discord_link: 'https://discord.gg/crash',
    })
    .select('id, name')
    .single();
  expect(error).toBeNull();
  discord.hold(true);
  const hooked = await service
    .from('tournament_webhooks')
    .insert({ tournament_id: tournament!.id, url: discord.webhookUrl() });
  expect(hooked.error).toBeNull();
  await expect.poll(() => discord.held, { timeout: 20_000 }).toBe(1);
  await first.kill9();
  discord.hold(false);

  const second = await startServerProcess(env);
  cleanup.push(() => second.stop());
  const announcement = (m: typeof discord.messages) =>
    m.filter((x) => x.body.content.startsWith(`:mega: Registration is open for **${tournament!.name}**`));
  await expect.poll(() => announcement(discord.messages).length, { timeout: 30_000 }).toBe(1);
  // Marked sent once Discord has answered: a moment after the post arrived, not before.
  const outbox = async () =>
    (
      await makeClient(second.url, second.serviceRoleKey)
        .from('outbox')
        .select('sent_at, attempts')
        .eq('tournament_id', tournament!.id)
    ).data;
  await expect.poll(outbox, { timeout: 15_000 }).toEqual([{ sent_at: expect.any(String), attempts: 2 }]);
  await new Promise((r) => setTimeout(r, 2000));
  expect(announcement(discord.messages)).toHaveLength(1);
});
