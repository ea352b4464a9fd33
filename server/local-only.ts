// Operator-only pages (the mailbox, the studio) answer only to this machine: the TCP peer must be a
// loopback address and the Host header a loopback name (so a DNS-rebinding page cannot reach them).
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';

const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export function isLocalRequest(c: Context): boolean {
  const peer = (c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress ?? '';
  const host = c.req.header('host') ?? '';
  return LOOPBACK_PEER.test(peer) && LOOPBACK_HOST.test(host);
}

export function localOnly() {
  return async (c: Context, next: () => Promise<void>) => {
    if (!isLocalRequest(c)) {
      return c.json({ error: 'forbidden', message: 'This page is only available on the machine running BrawlCup.' }, 403);
    }
    await next();
  };
}
