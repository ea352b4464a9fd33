// Socket I/O: reading a socket's frames one at a time, and writing frames to it without letting a
// client that does not read make the server buffer for it.
import { WebSocket, type RawData } from 'ws';
import type { Channel, Conn } from './registry.ts';
import { decodeBinary, decodeText, encodeText, ProtocolError, type Message, type Vsn } from './protocol.ts';

const MAX_PENDING = 500;
const MAX_MALFORMED = 50;

/** ws keeps its net.Socket private; corking it turns a batch of frames into one write. */
const rawSocket = (conn: Conn): { cork(): void; uncork(): void } | undefined =>
  (conn.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket ?? undefined;

/** Writes Phoenix frames; one per server, for its buffer bound. */
export class Writer {
  /** Sockets corked by the current batch (see `batch`). */
  private corked: Set<Conn> | undefined;

  constructor(private readonly maxBuffered: number) {}

  /**
   * Runs `fn`, holding back each socket's frames until it returns: a socket that gets several
   * frames (a batch of changes) gets them in one write (one syscall) instead of one each.
   */
  batch(fn: () => void): void {
    if (this.corked) return fn();
    const corked = (this.corked = new Set());
    try {
      fn();
    } finally {
      this.corked = undefined;
      for (const conn of corked) rawSocket(conn)?.uncork();
    }
  }

  send(conn: Conn, data: string | Buffer): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (this.corked && !this.corked.has(conn)) {
      const socket = rawSocket(conn);
      if (socket) {
        socket.cork();
        this.corked.add(conn);
      }
    }
    conn.ws.send(data);
    // A client that does not read lets this grow; past the bound it is cut off, not waited for.
    if (conn.ws.bufferedAmount > this.maxBuffered) conn.ws.terminate();
  }

  push(conn: Conn, joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    this.send(conn, encodeText(conn.vsn, joinRef, ref, topic, event, JSON.stringify(payload)));
  }

  reply(conn: Conn, msg: Pick<Message, 'joinRef' | 'ref' | 'topic'>, status: 'ok' | 'error', response: unknown): void {
    this.push(conn, msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response });
  }

  /** The `system` message realtime-js shows as a channel status (subscribed, token expired, shut down). */
  system(ch: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    this.push(ch.conn, ch.joinRef, null, ch.topic, 'system', { extension, status, message, channel: ch.subTopic });
  }

  close(ch: Channel): void {
    this.push(ch.conn, ch.joinRef, null, ch.topic, 'phx_close', {});
  }
}

export interface SocketHandlers {
  message(conn: Conn, msg: Message): Promise<void>;
  closed(conn: Conn): void;
}

/** Wraps an accepted socket: frames are decoded and handled in order, bad ones answered. */
export function openConn(
  ws: WebSocket,
  vsn: Vsn,
  apikey: string,
  address: string,
  out: Writer,
  handlers: SocketHandlers,
): Conn {
  const conn: Conn = {
    ws,
    vsn,
    apikey,
    address,
    channels: new Map(),
    presences: 0,
    chain: Promise.resolve(),
    pending: 0,
    lastSeen: Date.now(),
    malformed: 0,
  };
  ws.on('message', (data, isBinary) => onFrame(conn, data, isBinary, out, handlers));
  ws.on('error', () => ws.terminate());
  ws.on('close', () => handlers.closed(conn));
  return conn;
}

function onFrame(conn: Conn, data: RawData, isBinary: boolean, out: Writer, handlers: SocketHandlers): void {
  conn.lastSeen = Date.now();
  let msg: Message;
  try {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    msg = isBinary ? decodeBinary(buf) : decodeText(buf.toString('utf8'));
  } catch (error) {
    const reason = error instanceof ProtocolError ? error.message : 'malformed message';
    const partial = error instanceof ProtocolError ? error.partial : {};
    if (partial.topic)
      out.reply(conn, { joinRef: partial.joinRef ?? null, ref: partial.ref ?? null, topic: partial.topic }, 'error', {
        reason,
      });
    else out.push(conn, null, partial.ref ?? null, 'phoenix', 'phx_error', { reason });
    if (++conn.malformed > MAX_MALFORMED) conn.ws.close(1008, 'too many malformed messages');
    return;
  }
  if (conn.pending >= MAX_PENDING) {
    conn.ws.close(1008, 'too many messages in flight');
    return;
  }
  // One message at a time per socket: a join finishes before the next frame for it is read.
  conn.pending++;
  conn.chain = conn.chain
    .then(() => handlers.message(conn, msg))
    .catch((error) => {
      console.error('[realtime] message failed', error);
      if (msg.ref) out.reply(conn, msg, 'error', { reason: 'Unknown Error on Channel' });
    })
    .finally(() => {
      conn.pending--;
    });
}

/** Drops sockets that sent nothing (not even a heartbeat) for `idleTimeoutMs`. */
export function sweepIdle(conns: Iterable<Conn>, idleTimeoutMs: number): NodeJS.Timeout {
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleTimeoutMs;
      for (const conn of conns) if (conn.lastSeen < cutoff) conn.ws.terminate();
    },
    Math.min(15_000, idleTimeoutMs),
  );
  sweep.unref();
  return sweep;
}
