// The Realtime client that fetches realtime-js on first use (what vite.config.ts gives supabase-js in
// the build), against the real stack: a channel opened before realtime-js has arrived still joins and
// reports it, and one removed or unsubscribed before then never joins.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { RealtimeClient } from '@/lib/realtime-lazy';

function client() {
  const url = new URL('realtime/v1', `${inject('supabaseUrl')}/`);
  url.protocol = url.protocol.replace('http', 'ws');
  return new RealtimeClient(url.href, { params: { apikey: inject('anonKey') } });
}

/** Subscribes and waits until the channel has joined. */
function subscribed(channel: ReturnType<RealtimeClient['channel']>): Promise<void> {
  return new Promise((resolve) => {
    channel.subscribe((status: string) => {
      if (status === 'SUBSCRIBED') resolve();
    });
  });
}

const listen = { event: '*', schema: 'public', table: 'tournaments' } as const;

describe('RealtimeClient (lazy)', { timeout: 30_000 }, () => {
  it('joins a channel opened before realtime-js has arrived', async () => {
    const realtime = client();
    expect(realtime.isConnected()).toBe(false);
    const channel = realtime.channel('lazy-join');
    const joined = new Promise<string>((resolve) => {
      channel
        .on('postgres_changes', listen, () => {})
        .subscribe((status: string) => {
          if (status !== 'CLOSED') resolve(status);
        });
    });
    expect(await joined).toBe('SUBSCRIBED');
    expect(realtime.isConnected()).toBe(true);
    expect(realtime.getChannels().map((c) => c.topic)).toEqual(['realtime:lazy-join']);
    expect(await realtime.removeChannel(channel)).toBe('ok');
    await realtime.disconnect();
  });

  it('does not join a channel removed before realtime-js has arrived', async () => {
    const realtime = client();
    const statuses: string[] = [];
    const channel = realtime.channel('lazy-removed');
    channel.on('postgres_changes', listen, () => {}).subscribe((status: string) => statuses.push(status));
    expect(await realtime.removeChannel(channel)).toBe('ok');
    // Opening another channel waits for realtime-js, and that one joins: the removed one never did.
    const other = realtime.channel('lazy-other');
    await subscribed(other);
    expect(statuses).toEqual([]);
    expect(realtime.getChannels().map((c) => c.topic)).toEqual(['realtime:lazy-other']);
    await realtime.removeAllChannels();
  });

  it('does not join a channel unsubscribed before realtime-js has arrived', async () => {
    const realtime = client();
    const statuses: string[] = [];
    const channel = realtime.channel('lazy-unsubscribed');
    channel.on('postgres_changes', listen, () => {}).subscribe((status: string) => statuses.push(status));
    expect(await channel.unsubscribe()).toBe('ok');
    expect(realtime.getChannels()).toEqual([]);
    const other = realtime.channel('lazy-after');
    await subscribed(other);
    expect(statuses).toEqual([]);
    expect(realtime.getChannels().map((c) => c.topic)).toEqual(['realtime:lazy-after']);
    await realtime.removeAllChannels();
  });
});
