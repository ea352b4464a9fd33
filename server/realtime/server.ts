// Realtime on the stack's own HTTP server: /realtime/v1/websocket speaks the Phoenix channel
// protocol of @supabase/realtime-js. This module wires the parts together and routes each frame to
// its handler: upgrade.ts admits sockets, socket.ts reads and writes them, registry.ts keeps the
// channels, channels.ts joins and leaves, changes.ts delivers postgres_changes (RLS-checked),
// broadcast.ts and presence.ts relay public broadcast and presence in memory.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { API_ROLES, type ServerContext } from '../context.ts';
import { relayBroadcast } from './broadcast.ts';
import { Capture } from './capture.ts';
import { changeDelivery } from './changes.ts';
import { channelLifecycle } from './channels.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits.ts';
import { Presence } from './presence.ts';
import type { Message } from './protocol.ts';
import { ChannelRegistry, type Conn } from './registry.ts';
import { openConn, sweepIdle, Writer } from './socket.ts';
import { clientAddress, refuseUpgrade, SocketCounter } from './upgrade.ts';

export { REALTIME_PATH, isRealtimePath, refuseUpgrade } from './upgrade.ts';

export interface RealtimeOptions extends Partial<RealtimeLimits> {
  /** Publication polling when the database allows no event trigger. ms. */
  pollMs?: number;
  /** How long a batch of changes may wait to gather more while they pile up, ms (see CaptureOptions). */
  gatherMs?: number;
}

/** What Realtime holds in memory; every figure is back to zero once every socket has closed. */
export interface RealtimeStats {
  sockets: number;
  upgrades: number;
  addresses: number;
  channels: number;
  topics: number;
  bindings: number;
  presences: number;
  presenceBytes: number;
  presenceTopics: number;
}

export interface RealtimeServer {
  /** Resolves once change capture is installed; joins wait for it. */
  readonly ready: Promise<void>;
  /** Open sockets. */
  readonly connections: number;
  stats(): RealtimeStats;
  /** Takes an upgrade request for REALTIME_PATH (the HTTP server routes it here). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function createRealtime(ctx: ServerContext, options: RealtimeOptions = {}): RealtimeServer {
  const { pollMs, gatherMs, ...given } = options;
  const limits: RealtimeLimits = {
    ...DEFAULT_REALTIME_LIMITS,
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes, perMessageDeflate: false });
  const registry = new ChannelRegistry();
  const counter = new SocketCounter(limits);
  const out = new Writer(limits.maxBufferedBytes);
  const presence = new Presence(registry, out, limits);
  let closing = false;

  const capture = new Capture(ctx.db, (changes) => deliver(changes), { pollMs, gatherMs });
  const deliver = changeDelivery(registry, capture, out);
  const ready = capture.start();
  ready.catch((error) => console.error('[realtime] could not install change capture', error));
  const channels = channelLifecycle({ ctx, registry, presence, capture, out, limits, ready, closing: () => closing });

  async function handle(conn: Conn, msg: Message): Promise<void> {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') return out.reply(conn, msg, 'ok', {});
      return out.reply(conn, msg, 'error', { reason: `unknown event "${msg.event}"` });
    }
    if (msg.event === 'phx_join') return channels.join(conn, msg);
    const ch = conn.channels.get(msg.topic);
    if (!ch || (msg.joinRef && ch.joinRef && msg.joinRef !== ch.joinRef)) {
      return out.reply(conn, msg, 'error', { reason: 'unmatched topic' });
    }
    switch (msg.event) {
      case 'phx_leave':
        return channels.leave(ch, msg);
      case 'access_token':
        return channels.accessToken(ch, msg);
      case 'broadcast':
        return relayBroadcast(registry, out, limits.maxBroadcastBytes, ch, msg);
      case 'presence':
        return presence.handle(ch, msg);
      default:
        return out.reply(conn, msg, 'error', { reason: `unknown event "${msg.event}"` });
    }
  }

  const handlers = {
    message: handle,
    closed(conn: Conn) {
      registry.conns.delete(conn);
      for (const ch of [...conn.channels.values()]) channels.close(ch);
    },
  };

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (closing) return refuseUpgrade(socket, 503, 'Realtime is restarting, please standby');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuseUpgrade(socket, 400, 'Bad request URL');
    }
    // Phoenix's default without vsn is the 1.0.0 JSON object serializer.
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuseUpgrade(socket, 400, `Unsupported serializer version: ${vsn}`);
    const address = clientAddress(req);
    const refused = counter.admit(address, socket);
    if (refused) return refuseUpgrade(socket, refused.status, refused.message);
    const header = req.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header) ?? '';
    ctx.keys.jwt.verify(apikey).then(
      (claims) => {
        if (!API_ROLES.has(claims.role)) return refuseUpgrade(socket, 403, 'Invalid API key');
        if (closing) return refuseUpgrade(socket, 503, 'Realtime is restarting, please standby');
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) =>
          registry.conns.add(openConn(ws, vsn, apikey, address, out, handlers)),
        );
      },
      (error) => refuseUpgrade(socket, 403, error instanceof Error ? error.message : 'Invalid API key'),
    );
  }

  const sweep = sweepIdle(registry.conns, limits.idleTimeoutMs);

  return {
    ready,
    get connections() {
      return registry.conns.size;
    },
    stats: () => ({ ...registry.counts(), ...counter.counts(), ...presence.counts() }),
    handleUpgrade,
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(sweep);
      for (const conn of registry.conns) conn.ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 500);
        const check = () => {
          if (registry.conns.size === 0) {
            clearTimeout(deadline);
            resolve();
          } else setTimeout(check, 10);
        };
        check();
      });
      for (const conn of registry.conns) conn.ws.terminate();
      wss.close();
      await ready.catch(() => {});
      await capture.close();
    },
  };
}
