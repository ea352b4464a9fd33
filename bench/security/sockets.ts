// Sockets an anonymous client can make the server hold: upgrades to a wrong path or with a bad
// apikey left open, server memory before/during/after 1000 presence-heavy Realtime sockets, and how
// long a connection that never finishes its headers is kept. The server runs in a child process (this
// file with `server`) so its RSS and file descriptors are its own; loopback only.
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { request } from '../child.ts';

const root = join(import.meta.dirname, '../..');
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ready = { op: 'ready'; url: string; port: number; anonKey: string };
type Stats = { op: 'stats'; rss: number; heapUsed: number; fds: number; realtime: Record<string, number> };

async function server(): Promise<void> {
  const { readOptions } = await import('../../server/config.ts');
  const { startStack } = await import('../../server/stack.ts');
  const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-bench-sockets-'));
  // Limits come from the environment, as `npm start` reads them.
  const stack = await startStack({
    ...readOptions(process.env, root),
    staticDir: undefined,
    supabaseDir: join(root, 'server/tests/fixtures/realtime-supabase'),
    dataDir,
    port: 0,
    host: '127.0.0.1',
    quiet: true,
  });
  await stack.realtime.ready;
  process.on('message', async (cmd: { op: string }) => {
    if (cmd.op === 'stats') {
      global.gc?.();
      const realtime = stack.realtime as unknown as { connections: number; stats?: () => Record<string, number> };
      process.send!({
        op: 'stats',
        rss: process.memoryUsage().rss,
        heapUsed: process.memoryUsage().heapUsed,
        fds: readdirSync('/proc/self/fd').length,
        realtime: realtime.stats?.() ?? { sockets: realtime.connections },
      } satisfies Stats);
    } else if (cmd.op === 'stop') {
      await stack.close();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ op: 'ready', url: stack.url, port: stack.port, anonKey: stack.ctx.keys.anonKey } satisfies Ready);
}

/** Sends `count` upgrade requests; after `waitMs`, counts those the server neither answered nor closed. */
async function upgrades(
  port: number,
  path: string,
  count: number,
  waitMs = 2000,
): Promise<{ held: number; answered: number; statuses: string }> {
  const sockets: { socket: Socket; answer: string; closed: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = { socket: connect(port, '127.0.0.1'), answer: '', closed: false };
    entry.socket.on('data', (d) => (entry.answer ||= d.toString().split('\r\n')[0]!));
    entry.socket.on('error', () => {});
    entry.socket.on('close', () => (entry.closed = true));
    entry.socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    sockets.push(entry);
  }
  await sleep(waitMs);
  const held = sockets.filter((s) => !s.closed).length;
  const answered = sockets.filter((s) => s.answer).length;
  const statuses = [...new Set(sockets.map((s) => s.answer || '(none)'))].join(', ');
  for (const s of sockets) s.socket.destroy();
  return { held, answered, statuses };
}

interface Heavy {
  ws: WebSocket;
  tracked: number;
  refused: number;
}

/** One socket that joins `channels` topics of its own and tracks a ~9.5 KB presence in each. */
function presenceHeavy(ready: Ready, i: number, channels: number): Promise<Heavy | null> {
  const url = `${ready.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${ready.anonKey}&vsn=2.0.0`;
  const meta = { name: `player-${i}`, note: 'x'.repeat(9_500) };
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const heavy: Heavy = { ws, tracked: 0, refused: 0 };
    let answers = 0;
    ws.on('error', () => resolve(null));
    ws.on('unexpected-response', () => resolve(null));
    ws.on('message', (data) => {
      const [, ref, , event, payload] = JSON.parse(data.toString()) as [
        string,
        string,
        string,
        string,
        { status: string },
      ];
      if (event !== 'phx_reply' || !ref?.startsWith('t')) return;
      if (payload.status === 'ok') heavy.tracked++;
      else heavy.refused++;
      if (++answers === channels) resolve(heavy);
    });
    ws.on('open', () => {
      for (let c = 0; c < channels; c++) {
        const topic = `realtime:s${i}-c${c}`;
        ws.send(JSON.stringify([`j${c}`, `j${c}`, topic, 'phx_join', { config: { presence: { key: `k${i}` } } }]));
        ws.send(
          JSON.stringify([`j${c}`, `t${c}`, topic, 'presence', { type: 'presence', event: 'track', payload: meta }]),
        );
      }
    });
  });
}

/** Milliseconds until the server closes a connection that sends half a request header. */
async function partialHeader(port: number, maxMs: number): Promise<string> {
  const started = performance.now();
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  // Read what the server says: a paused socket never sees the server close it.
  socket.on('data', (d) => (answer ||= d.toString().split('\r\n')[0]!));
  socket.on('error', () => {});
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), maxMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  socket.destroy();
  const ms = Math.round(performance.now() - started);
  return closed ? `closed after ${ms} ms (${answer || 'no answer'})` : `still open after ${ms} ms (gave up)`;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 1000);
  const channels = Number(process.argv[3] ?? 20);
  const maxWait = Number(process.argv[4] ?? 120_000);
  // Per-IP socket caps would stop the presence run at the cap: lift it to see what presence limits hold.
  const child = fork(import.meta.filename, ['server'], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, REALTIME_MAX_SOCKETS_PER_IP: String(count + 10), REALTIME_MAX_SOCKETS: String(count + 10) },
  });
  const ready = await request<Ready>(child, null, 'ready');
  const stats = async (label: string) => {
    const s = await request<Stats>(child, { op: 'stats' }, 'stats');
    console.log(
      `  ${label.padEnd(34)} rss ${(s.rss / MB).toFixed(0).padStart(5)} MB  heap ${(s.heapUsed / MB).toFixed(0).padStart(4)} MB  fds ${String(s.fds).padStart(5)}  ${JSON.stringify(s.realtime)}`,
    );
    return s;
  };

  console.log(`Upgrades (${count} each, held = neither answered nor closed after 2 s):`);
  await stats('server before');
  for (const [label, path] of [
    ['wrong path /nope', '/nope'],
    ['realtime, no apikey', '/realtime/v1/websocket?vsn=2.0.0'],
    ['realtime, bad apikey', '/realtime/v1/websocket?vsn=2.0.0&apikey=x.y.z'],
  ] as const) {
    const r = await upgrades(ready.port, path, count);
    console.log(
      `  ${label.padEnd(22)} held ${String(r.held).padStart(5)}  answered ${String(r.answered).padStart(5)}  (${r.statuses})`,
    );
  }
  await sleep(500);
  await stats('server after the upgrades');

  console.log(`\nPresence: ${count} sockets, each joining ${channels} channels and tracking ~9.5 KB in each:`);
  await stats('before');
  const heavy: Heavy[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, j) => presenceHeavy(ready, start + j, channels)),
    );
    heavy.push(...batch.filter((h): h is Heavy => h !== null));
  }
  console.log(
    `  sockets open ${heavy.length}, presences tracked ${heavy.reduce((n, h) => n + h.tracked, 0)}, refused ${heavy.reduce((n, h) => n + h.refused, 0)}`,
  );
  await stats('during');
  await Promise.all(
    heavy.map(
      (h) =>
        new Promise<void>((r) => {
          h.ws.once('close', () => r());
          h.ws.close();
        }),
    ),
  );
  await sleep(1000);
  await stats('after all closed');

  console.log('\nA connection that never finishes its headers:');
  console.log(`  ${await partialHeader(ready.port, maxWait)}`);

  child.send({ op: 'stop' });
  await new Promise((r) => child.once('exit', r));
}

if (process.argv[2] === 'server') await server();
else await main();
