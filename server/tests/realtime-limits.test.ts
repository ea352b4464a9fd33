// Realtime's memory bounds as an anonymous client meets them: join payloads checked field by field,
// presence and broadcast sizes and counts, channels per socket, frame size; and 1,000 sockets
// holding presence leave nothing behind once they close (counted in Realtime's own structures).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from './helpers.ts';
import { rawSocket } from './realtime-helpers.ts';
import { join } from 'node:path';

const supabaseDir = join(import.meta.dirname, 'fixtures/realtime-supabase');
const LIMITS = {
  maxSocketsPerIp: 1_100,
  maxSockets: 1_100,
  maxChannelsPerSocket: 5,
  maxPresencesPerSocket: 3,
  maxPresencesPerChannel: 4,
  maxPresenceBytes: 2_000,
  maxBroadcastBytes: 1_000,
  maxFrameBytes: 8_000,
};

type Raw = Awaited<ReturnType<typeof rawSocket>>;
type Reply = { status: string; response: { reason?: string } };

describe('realtime limits', () => {
  let stack: TestStack;
  const raws: Raw[] = [];
  const open = async () => {
    const raw = await rawSocket(stack);
    raws.push(raw);
    return raw;
  };
  const replyTo = async (raw: Raw, ref: string) =>
    (await raw.next((f) => f[1] === ref && f[3] === 'phx_reply'))[4] as Reply;
  const join = async (raw: Raw, topic: string, payload: unknown = { config: {} }) => {
    raw.send([topic, topic, `realtime:${topic}`, 'phx_join', payload]);
    return replyTo(raw, topic);
  };
  const track = async (raw: Raw, topic: string, ref: string, meta: unknown) => {
    raw.send([topic, ref, `realtime:${topic}`, 'presence', { type: 'presence', event: 'track', payload: meta }]);
    return replyTo(raw, ref);
  };

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir, realtime: LIMITS });
    await stack.realtime.ready;
  });

  afterAll(async () => {
    for (const raw of raws) raw.close();
    await stack?.destroy();
  });

  it('refuses a join payload of the wrong shape, naming the field', async () => {
    const raw = await open();
    expect(await join(raw, 'shape-1', { config: { broadcast: { self: 'yes' } } })).toEqual({
      status: 'error',
      response: { reason: 'InvalidJoinPayload: config.broadcast.self: unable to parse, expected boolean' },
    });
    expect(await join(raw, 'shape-2', { config: { presence: { key: { nested: true } } } })).toEqual({
      status: 'error',
      response: { reason: 'InvalidJoinPayload: config.presence.key: unable to parse, expected a string' },
    });
    expect(await join(raw, 'shape-3', { config: { postgres_changes: 'all' } })).toEqual({
      status: 'error',
      response: { reason: 'InvalidJoinPayload: config.postgres_changes: unable to parse, expected an array of maps' },
    });
    expect(await join(raw, 'shape-4', { config: 'x' })).toEqual({
      status: 'error',
      response: { reason: 'InvalidJoinPayload: config: unable to parse, expected a map' },
    });
    expect(await join(raw, 'shape-5', { access_token: 42 })).toEqual({
      status: 'error',
      response: { reason: 'InvalidJoinPayload: access_token: unable to parse, expected string' },
    });
    // realtime's FlexibleBoolean: the words are accepted too.
    expect(
      await join(raw, 'shape-6', {
        config: { broadcast: { self: 'true', ack: 'FALSE' }, presence: { key: 7 }, private: 'false' },
      }),
    ).toMatchObject({ status: 'ok' });
  });

  it('caps the channels one socket may join', async () => {
    const raw = await open();
    for (let i = 0; i < LIMITS.maxChannelsPerSocket; i++)
      expect(await join(raw, `many-${i}`)).toMatchObject({ status: 'ok' });
    expect(await join(raw, 'many-over')).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
  });

  it('refuses a presence that is too big, or past the count for a socket or a channel', async () => {
    const raw = await open();
    await join(raw, 'p-big');
    expect(await track(raw, 'p-big', 'big', { note: 'x'.repeat(LIMITS.maxPresenceBytes) })).toEqual({
      status: 'error',
      response: { reason: 'Track message size exceeded' },
    });
    expect(await track(raw, 'p-big', 'list', ['not', 'a', 'map'])).toEqual({
      status: 'error',
      response: { reason: 'Presence track payload must be a map' },
    });

    for (let i = 0; i < LIMITS.maxPresencesPerSocket; i++) {
      await join(raw, `p-${i}`);
      expect(await track(raw, `p-${i}`, `t-${i}`, { i })).toEqual({ status: 'ok', response: {} });
    }
    // Tracking again in the same channel replaces the meta: not one more.
    expect(await track(raw, 'p-0', 't-again', { i: 'again' })).toEqual({ status: 'ok', response: {} });
    expect(await track(raw, 'p-big', 't-over', { i: 'over' })).toEqual({
      status: 'error',
      response: {
        reason: `PresenceRateLimitReached: Too many presences on this connection (at most ${LIMITS.maxPresencesPerSocket})`,
      },
    });

    const members = await Promise.all(Array.from({ length: LIMITS.maxPresencesPerChannel + 1 }, () => open()));
    for (const member of members) await join(member, 'crowded');
    const replies = [];
    for (const [i, member] of members.entries()) replies.push(await track(member, 'crowded', `c-${i}`, { i }));
    expect(replies.filter((r) => r.status === 'ok')).toHaveLength(LIMITS.maxPresencesPerChannel);
    expect(replies.at(-1)).toEqual({
      status: 'error',
      response: {
        reason: `PresenceRateLimitReached: Too many presences in this channel (at most ${LIMITS.maxPresencesPerChannel})`,
      },
    });
    raw.send(['p-0', 'odd', 'realtime:p-0', 'presence', { event: 'dance' }]);
    expect(await replyTo(raw, 'odd')).toEqual({
      status: 'error',
      response: { reason: 'event: unknown presence event "dance"' },
    });
  });

  it('refuses a broadcast payload that is too big', async () => {
    const raw = await open();
    await join(raw, 'b-1', { config: { broadcast: { ack: true } } });
    raw.send(['b-1', 'small', 'realtime:b-1', 'broadcast', { type: 'broadcast', event: 'hi', payload: { n: 1 } }]);
    expect(await replyTo(raw, 'small')).toEqual({ status: 'ok', response: {} });
    raw.send([
      'b-1',
      'large',
      'realtime:b-1',
      'broadcast',
      { type: 'broadcast', event: 'hi', payload: { note: 'x'.repeat(LIMITS.maxBroadcastBytes) } },
    ]);
    expect(await replyTo(raw, 'large')).toEqual({
      status: 'error',
      response: {
        reason: `payload_size_exceeded: a broadcast payload may be at most ${LIMITS.maxBroadcastBytes} bytes`,
      },
    });
  });

  it('closes a socket that sends a frame larger than the limit, with 1009', async () => {
    const raw = await open();
    const closed = new Promise<number>((resolve) => raw.ws.once('close', (code) => resolve(code)));
    raw.send(['x', 'x', 'realtime:x', 'broadcast', { payload: 'x'.repeat(LIMITS.maxFrameBytes) }]);
    expect(await closed).toBe(1009);
  });

  it('holds nothing once 1,000 presence-holding sockets have closed', async () => {
    for (const raw of raws.splice(0)) raw.close();
    await expect.poll(() => stack.realtime.stats()).toMatchObject({ sockets: 0, channels: 0, presences: 0 });
    const before = stack.realtime.stats();

    const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.ctx.keys.anonKey}&vsn=2.0.0`;
    const meta = { note: 'x'.repeat(1_000) };
    // Each socket: one channel of its own with a presence and a postgres_changes binding, and one shared topic.
    const openHeavy = (i: number) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url);
        let replies = 0;
        ws.on('error', reject);
        ws.on('message', (data, isBinary) => {
          if (isBinary) return;
          const [, ref, , event, payload] = JSON.parse(data.toString()) as [string, string, string, string, Reply];
          if (event !== 'phx_reply' || !ref?.startsWith('t')) return;
          if (payload.status !== 'ok') reject(new Error(JSON.stringify(payload)));
          if (++replies === 2) resolve(ws);
        });
        ws.on('open', () => {
          const own = `realtime:heavy-${i}`;
          const bindings = { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items' }] };
          ws.send(
            JSON.stringify(['j1', 'j1', own, 'phx_join', { config: { ...bindings, presence: { key: `k${i}` } } }]),
          );
          ws.send(JSON.stringify(['j1', 't1', own, 'presence', { type: 'presence', event: 'track', payload: meta }]));
          ws.send(JSON.stringify(['j2', 'j2', `realtime:lobby-${i % 250}`, 'phx_join', { config: {} }]));
          ws.send(
            JSON.stringify([
              'j2',
              't2',
              `realtime:lobby-${i % 250}`,
              'broadcast',
              { type: 'broadcast', event: 'hello', payload: { i } },
            ]),
          );
          ws.send(JSON.stringify([null, 't3', 'phoenix', 'heartbeat', {}]));
        });
      });
    const sockets: WebSocket[] = [];
    for (let start = 0; start < 1_000; start += 100) {
      sockets.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => openHeavy(start + j)))));
    }

    const during = stack.realtime.stats();
    expect(during).toMatchObject({
      sockets: 1_000,
      channels: 2_000,
      topics: 1_250,
      bindings: 1_000,
      presences: 1_000,
      presenceTopics: 1_000,
    });
    expect(during.presenceBytes).toBeGreaterThanOrEqual(1_000 * 1_000);

    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((r) => {
            ws.once('close', () => r());
            ws.close();
          }),
      ),
    );
    await expect.poll(() => stack.realtime.stats()).toEqual(before);
    expect(before).toEqual({
      sockets: 0,
      upgrades: 0,
      addresses: 0,
      channels: 0,
      topics: 0,
      bindings: 0,
      presences: 0,
      presenceBytes: 0,
      presenceTopics: 0,
    });
  });
});
