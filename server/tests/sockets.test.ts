// What a client that only opens connections can make the server hold: upgrades to the wrong path or
// with a bad apikey, more sockets than one address (or everyone) may have, and requests whose
// headers never end. Each is answered and the connection closed; the limits are small here.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from './helpers.ts';

const LIMITS = { maxSocketsPerIp: 3, maxSockets: 5 };

/** Sends a raw request and resolves with what the server wrote once it has closed the connection. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(text);
  });
}

const upgradeRequest = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${headers}\r\n`;

const statusLine = (answer: string) => answer.split('\r\n')[0];
const body = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { message: string };

describe('sockets a client can make the server hold', () => {
  let stack: TestStack;
  const open: WebSocket[] = [];

  /** Opens a realtime socket as `address` (what a proxy on this machine says in X-Forwarded-For). */
  function socket(address: string): Promise<{ ws?: WebSocket; status?: number; message?: string }> {
    const url = `${stack.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.ctx.keys.anonKey}&vsn=2.0.0`;
    const ws = new WebSocket(url, { headers: { 'x-forwarded-for': `10.9.9.9, ${address}` } });
    return new Promise((resolve) => {
      ws.on('open', () => {
        open.push(ws);
        resolve({ ws });
      });
      ws.on('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode, message: (JSON.parse(text) as { message: string }).message }),
        );
      });
      ws.on('error', () => {});
    });
  }

  const closeAll = () =>
    Promise.all(
      open.splice(0).map(
        (ws) =>
          new Promise<void>((r) => {
            if (ws.readyState === WebSocket.CLOSED) return r();
            ws.once('close', () => r());
            ws.close();
          }),
      ),
    );

  beforeAll(async () => {
    stack = await startTestStack({ http: { headersTimeoutMs: 300, requestTimeoutMs: 600 }, realtime: LIMITS });
    await stack.realtime.ready;
  });

  afterAll(async () => {
    await closeAll();
    await stack?.destroy();
  });

  it('answers an upgrade to any other path with 404 and closes it', async () => {
    for (const path of ['/nope', '/rest/v1/tournaments', '/realtime/v1/other']) {
      const answer = await rawRequest(stack.port, upgradeRequest(path));
      expect(statusLine(answer)).toBe('HTTP/1.1 404 Not Found');
      expect(body(answer)).toEqual({ message: 'no Route matched with those values' });
    }
  });

  it('answers a realtime upgrade without an apikey, or with a bad one, with 403 and closes it', async () => {
    const missing = await rawRequest(stack.port, upgradeRequest('/realtime/v1/websocket?vsn=2.0.0'));
    expect(statusLine(missing)).toBe('HTTP/1.1 403 Forbidden');
    const bad = await rawRequest(stack.port, upgradeRequest('/realtime/v1/websocket?vsn=2.0.0&apikey=x.y.z'));
    expect(statusLine(bad)).toBe('HTTP/1.1 403 Forbidden');
    expect(body(bad).message).toMatch(/JWT|token/i);
    const vsn = await rawRequest(
      stack.port,
      upgradeRequest(`/realtime/v1/websocket?vsn=9&apikey=${stack.ctx.keys.anonKey}`),
    );
    expect(statusLine(vsn)).toBe('HTTP/1.1 400 Bad Request');
    // None of them is still counted.
    await expect.poll(() => stack.realtime.stats()).toMatchObject({ sockets: 0, upgrades: 0, addresses: 0 });
  });

  it('refuses a socket past the cap for one address with 429, and takes it again once one closes', async () => {
    for (let i = 0; i < LIMITS.maxSocketsPerIp; i++) expect((await socket('203.0.113.1')).ws).toBeDefined();
    expect(await socket('203.0.113.1')).toEqual({
      status: 429,
      message: `Too many connections from this address (at most ${LIMITS.maxSocketsPerIp})`,
    });
    // Another address is not held back by the first one.
    expect((await socket('203.0.113.2')).ws).toBeDefined();

    const first = open.shift()!;
    await new Promise<void>((r) => {
      first.once('close', () => r());
      first.close();
    });
    await expect.poll(() => stack.realtime.stats().sockets).toBe(LIMITS.maxSocketsPerIp);
    expect((await socket('203.0.113.1')).ws).toBeDefined();
    await closeAll();
  });

  it('refuses a socket past the cap for everyone with 503', async () => {
    for (let i = 0; i < LIMITS.maxSockets; i++) expect((await socket(`198.51.100.${i}`)).ws).toBeDefined();
    expect(await socket('198.51.100.200')).toEqual({ status: 503, message: 'Too many connections, try again later' });
    await closeAll();
    await expect.poll(() => stack.realtime.stats()).toMatchObject({ sockets: 0, upgrades: 0, addresses: 0 });
  });

  it('closes a connection whose headers never end, with 408', async () => {
    const answer = await rawRequest(stack.port, 'GET /auth/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(statusLine(answer)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('closes a connection whose body never ends, with 408', async () => {
    const head = `POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${stack.ctx.keys.anonKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const answer = await rawRequest(stack.port, `${head}{"email":`);
    expect(statusLine(answer)).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('caps the connections the HTTP server keeps', () => {
    expect(stack.server.maxConnections).toBeGreaterThan(0);
    expect(Number.isFinite(stack.server.maxConnections)).toBe(true);
  });
});
