// What the Realtime tests share: players minted straight into auth.users with a signed token, a
// supabase-js subscription that records what it receives, and a raw Phoenix socket for bad input.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './helpers.ts';
import { makeClient, testEmail } from './helpers.ts';

export type Row = { id: number; owner: string; title: string; score: number; body: string | null };
/** What supabase-js hands a postgres_changes callback, with `new`/`old` loose enough to read. */
export interface Change {
  schema: string;
  table: string;
  commit_timestamp: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Partial<Row>;
  old: Partial<Row>;
  errors: unknown;
}

export interface Player {
  id: string;
  email: string;
  token: string;
}

export async function createPlayer(stack: TestStack, expiresIn = 3600): Promise<Player> {
  const id = randomUUID();
  const email = testEmail('rt');
  await stack.ctx.db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
  const token = await stack.ctx.keys.jwt.sign(
    { sub: id, role: 'authenticated', email, aud: 'authenticated' },
    expiresIn,
  );
  return { id, email, token };
}

export function playerClient(stack: Pick<TestStack, 'url' | 'ctx'>, player?: Player): SupabaseClient {
  const client = makeClient(stack.url, stack.ctx.keys.anonKey);
  if (player) void client.realtime.setAuth(player.token);
  return client;
}

export interface Subscription {
  channel: RealtimeChannel;
  changes: Change[];
  /** Resolves with the first change (already received or still to come) that matches. */
  next(match: (c: Change) => boolean, timeoutMs?: number): Promise<Change>;
}

export async function subscribe(
  client: SupabaseClient,
  spec: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table?: string; filter?: string } = {},
): Promise<Subscription> {
  const changes: Change[] = [];
  const waiters: { match: (c: Change) => boolean; resolve: (c: Change) => void }[] = [];
  const channel = client.channel(`test-${randomUUID()}`).on(
    'postgres_changes' as never,
    {
      event: spec.event ?? '*',
      schema: 'public',
      table: spec.table ?? 'rt_items',
      ...(spec.filter ? { filter: spec.filter } : {}),
    },
    (payload: Change) => {
      changes.push(payload);
      for (const w of [...waiters]) {
        if (w.match(payload)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(payload);
        }
      }
    },
  );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });
  return {
    channel,
    changes,
    next(match, timeoutMs = 5000) {
      const found = changes.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<Change>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching change within ${timeoutMs} ms; got ${JSON.stringify(changes)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
        });
      });
    },
  };
}

export async function closeClient(client: SupabaseClient): Promise<void> {
  await client.removeAllChannels();
  client.realtime.disconnect();
}

export async function insertItem(
  stack: TestStack,
  owner: string,
  title: string,
  body: string | null = null,
): Promise<Row> {
  const { rows } = await stack.ctx.db.query<Row>(
    'insert into public.rt_items (owner, title, body) values ($1, $2, $3) returning id, owner, title, score, body',
    [owner, title, body],
  );
  return { ...rows[0]!, id: Number(rows[0]!.id) };
}

/** A raw vsn 2.0.0 socket: send frames as text, read decoded frames. */
export async function rawSocket(stack: TestStack, apikey = stack.ctx.keys.anonKey) {
  const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`;
  const ws = new WebSocket(url);
  const frames: unknown[][] = [];
  const waiters: { match: (f: unknown[]) => boolean; resolve: (f: unknown[]) => void }[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const frame = JSON.parse(data.toString()) as unknown[];
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    send(frame: unknown) {
      ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    next(match: (f: unknown[]) => boolean, timeoutMs = 2000): Promise<unknown[]> {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    close() {
      ws.close();
    },
  };
}
