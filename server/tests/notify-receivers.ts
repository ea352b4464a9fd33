// Local stand-ins for the outside protocols the dispatcher speaks: a push service (RFC 8030: it
// records each encrypted push with its headers, and can answer 410 for an expired subscription) and
// Discord's webhook endpoint (execute webhook, with its per-webhook rate limit: X-RateLimit-* headers
// and 429 with retry_after). Tests, the benchmark and the journeys point the stack at them.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { importJWK, jwtVerify } from 'jose';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  at: number;
}

export interface PushReceiver {
  origin: string;
  pushes: ReceivedPush[];
  /** A browser's subscription at this push service: the endpoint and the keys to decrypt with. */
  subscribe(): { endpoint: string; p256dh: string; auth: string; decrypt(body: Buffer): unknown };
  /** Endpoints (paths) answered 410 Gone from now on. */
  gone: Set<string>;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export interface ReceivedMessage {
  path: string;
  body: { content: string; allowed_mentions?: { parse?: string[]; users?: string[] } };
  at: number;
}

export interface DiscordReceiver {
  apiUrl: string;
  messages: ReceivedMessage[];
  /** Requests refused with 429 because they came past the advertised limit. */
  refused: number;
  /** Answers the next n requests 429 with this retry_after (s), whatever the bucket says. */
  throttleNext(n: number, retryAfter: number): void;
  /** While on, requests are held unanswered (a sender caught mid-request); `held` counts them. */
  hold(on: boolean): void;
  held: number;
  webhookUrl(): string;
  waitFor(predicate: (messages: ReceivedMessage[]) => boolean, timeoutMs?: number): Promise<ReceivedMessage[]>;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

async function poll<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Decrypts a push sent to a subscription whose keys the caller made (RFC 8291, aes128gcm). */
export function decryptPush(body: Buffer, keys: { privateKey: string; auth: string }): unknown {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  return JSON.parse(
    ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: keys.auth }).toString('utf8'),
  );
}

/** A browser's push keys, made here: what a real browser's push subscription holds. */
export function browserPushKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey('base64url'),
    privateKey: ecdh.getPrivateKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const pushes: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    // What arrived, for a test in another process (the journeys' global setup runs the receiver).
    if (req.method === 'GET' && path === '/__received') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(pushes.map((p) => ({ ...p, body: p.body.toString('base64') }))));
      return;
    }
    if (gone.has(path)) {
      res.writeHead(410).end();
      return;
    }
    pushes.push({ path, headers: req.headers, body, at: Date.now() });
    res.writeHead(201, { location: `${path}/message/${pushes.length}` }).end();
  });
  const origin = await listen(server);
  return {
    origin,
    pushes,
    gone,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
        p256dh: ecdh.getPublicKey('base64url'),
        auth,
        decrypt: (body: Buffer) =>
          JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
      };
    },
    waitFor: (count, timeoutMs = 20_000) =>
      poll(() => (pushes.length >= count ? pushes : undefined), timeoutMs, `${count} pushes`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks a push's VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 * with ES256 by that key, for the push service's origin, not expired. Returns the claims.
 */
export async function verifyVapid(authorization: string | undefined, origin: string, publicKey: string) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`);
  if (m[2] !== publicKey) throw new Error('signed with another key');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(m[1]!, key, { audience: origin });
  return payload;
}

export async function startDiscordReceiver(
  options: { bucket?: number; windowMs?: number } = {},
): Promise<DiscordReceiver> {
  const bucket = options.bucket ?? 5;
  const windowMs = options.windowMs ?? 2000;
  const messages: ReceivedMessage[] = [];
  // Per webhook, as Discord's webhook buckets are.
  const buckets = new Map<string, { windowStart: number; used: number }>();
  let throttle = { n: 0, retryAfter: 0 };
  let holding = false;
  const receiver = {
    apiUrl: '',
    messages,
    refused: 0,
    throttleNext(n: number, retryAfter: number) {
      throttle = { n, retryAfter };
    },
    held: 0,
    hold(on: boolean) {
      holding = on;
    },
    webhookUrl() {
      const id = String(100000000000000000n + BigInt(Math.floor(Math.random() * 1e15)));
      return `${receiver.apiUrl}/webhooks/${id}/${randomBytes(34).toString('base64url')}`;
    },
    waitFor: (predicate: (m: ReceivedMessage[]) => boolean, timeoutMs = 20_000) =>
      poll(() => (predicate(messages) ? messages : undefined), timeoutMs, 'Discord messages'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method === 'GET' && req.url === '/__received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
      return;
    }
    if (holding && req.method === 'POST') {
      receiver.held++;
      req.socket.setTimeout(0);
      return; // Never answered; the connection ends when the sender dies.
    }
    if (req.method !== 'POST' || !/^\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]+\?wait=true$/.test(req.url ?? '')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message": "Unknown Webhook", "code": 10015}');
      return;
    }
    const now = Date.now();
    const hook = buckets.get(req.url!) ?? { windowStart: 0, used: 0 };
    buckets.set(req.url!, hook);
    if (now - hook.windowStart >= windowMs) {
      hook.windowStart = now;
      hook.used = 0;
    }
    const resetAfter = ((hook.windowStart + windowMs - now) / 1000).toFixed(3);
    if (throttle.n > 0 || hook.used >= bucket) {
      const retryAfter = throttle.n > 0 ? throttle.retryAfter : Number(resetAfter);
      if (throttle.n > 0) throttle.n--;
      else receiver.refused++;
      res
        .writeHead(429, {
          'content-type': 'application/json',
          'retry-after': String(Math.ceil(retryAfter)),
          'x-ratelimit-scope': 'user',
        })
        .end(JSON.stringify({ message: 'You are being rate limited.', retry_after: retryAfter, global: false }));
      return;
    }
    hook.used++;
    const body = JSON.parse(raw.toString('utf8')) as ReceivedMessage['body'];
    if (
      typeof body.content !== 'string' ||
      body.content.length > 2000 ||
      (body.allowed_mentions?.users?.length ?? 0) > 100
    ) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"message": "Invalid Form Body", "code": 50035}');
      return;
    }
    messages.push({ path: req.url!, body, at: now });
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit': String(bucket),
        'x-ratelimit-remaining': String(bucket - hook.used),
        'x-ratelimit-reset-after': resetAfter,
        'x-ratelimit-bucket': 'webhook',
      })
      .end(JSON.stringify({ id: String(messages.length), content: body.content }));
  });
  receiver.apiUrl = `${await listen(server)}/api`;
  return receiver;
}
