// Operator-only pages (the mailbox, the studio) answer only to the operator. Without a password they
// are for this machine alone: the TCP peer must be a loopback address, the Host header a loopback name
// (so a DNS-rebinding page cannot reach them), the server must listen on a loopback address, and no
// proxy header may be present (behind nginx or Apache the peer is 127.0.0.1 and the Host the public
// name, so the peer alone proves nothing; any X-Forwarded-*, Forwarded, X-Real-IP or Via counts).
// With STUDIO_PASSWORD set they answer anywhere to HTTP Basic authentication with that password,
// wrong guesses limited per address.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { clientIp } from './shared/http.ts';

const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;
const LOOPBACK_LISTEN = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/i;
/**
 * Headers a proxy adds: any X-Forwarded-* (For, Host, Proto, Port, Prefix, Server...), Forwarded,
 * X-Real-IP, Via, and the client-address headers of common CDNs and load balancers. Any one of them
 * means the request did not start on this machine.
 */
const PROXY_HEADER =
  /^(x-forwarded-.+|forwarded|x-real-ip|via|x-client-ip|true-client-ip|cf-connecting-ip|fastly-client-ip|x-cluster-client-ip|x-original-forwarded-for)$/i;

export const hasProxyHeader = (headers: Headers): boolean =>
  [...headers.keys()].some((name) => PROXY_HEADER.test(name));

/** How the operator pages may be reached: where the server listens, and the operator's password. */
export interface OperatorAccess {
  listenHost: string;
  password?: string;
  /** TRUST_PROXY: behind a proxy, wrong passwords are counted per client address, not per proxy. */
  trustProxy?: number;
}

const peerOf = (c: Context) => (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';

export function isLocalRequest(c: Context, listenHost = '127.0.0.1'): boolean {
  const host = c.req.header('host') ?? '';
  const proxied = hasProxyHeader(c.req.raw.headers);
  return LOOPBACK_LISTEN.test(listenHost) && !proxied && LOOPBACK_PEER.test(peerOf(c)) && LOOPBACK_HOST.test(host);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The password of an `Authorization: Basic` header (any user name), or undefined. */
function basicPassword(header: string | undefined): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

const GUESS_WINDOW_MS = 10 * 60_000;
const GUESSES_PER_WINDOW = 10;

export function localOnly(access: OperatorAccess = { listenHost: '127.0.0.1' }) {
  const wrong = new Map<string, { count: number; since: number }>();
  return async (c: Context, next: () => Promise<void>) => {
    if (access.password) {
      // Behind a proxy every request comes from it: counted by the peer, ten wrong guesses by anyone
      // locked everybody out for ten minutes.
      const peer = clientIp(c, access.trustProxy ?? 0);
      const now = Date.now();
      const record = wrong.get(peer);
      if (record && now - record.since > GUESS_WINDOW_MS) wrong.delete(peer);
      if ((wrong.get(peer)?.count ?? 0) >= GUESSES_PER_WINDOW) {
        return c.json(
          { error: 'too_many_attempts', message: 'Too many wrong passwords. Try again in a few minutes.' },
          429,
        );
      }
      const given = basicPassword(c.req.header('authorization'));
      if (given !== undefined && timingSafeEqual(digest(given), digest(access.password))) return next();
      if (given !== undefined) {
        const entry = wrong.get(peer) ?? { count: 0, since: now };
        entry.count++;
        wrong.set(peer, entry);
        if (wrong.size > 10_000) wrong.delete(wrong.keys().next().value!);
      }
      c.header('WWW-Authenticate', 'Basic realm="BrawlCup operator", charset="UTF-8"');
      return c.json({ error: 'unauthorized', message: 'The operator password (STUDIO_PASSWORD) is needed here.' }, 401);
    }
    if (!isLocalRequest(c, access.listenHost)) {
      return c.json(
        {
          error: 'not_found',
          message:
            'The studio and the mailbox answer only on the machine running BrawlCup. From elsewhere, open an SSH tunnel ' +
            '(ssh -L 3000:127.0.0.1:3000 your-server) and use http://127.0.0.1:3000, or set STUDIO_PASSWORD.',
        },
        404,
      );
    }
    await next();
  };
}
