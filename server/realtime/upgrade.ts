// Admission of websocket upgrades: every upgrade is answered, and refused ones are closed at once so
// they cannot hold file descriptors; sockets are counted per client address and in all.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export const REALTIME_PATH = '/realtime/v1/websocket';

export function isRealtimePath(url = '/'): boolean {
  const path = url.split('?')[0];
  return path === REALTIME_PATH || path === `${REALTIME_PATH}/`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade with a JSON error and closes the connection once it is written. */
export function refuseUpgrade(socket: Duplex, status: keyof typeof STATUS_TEXT, message: string): void {
  const body = JSON.stringify({ message });
  socket.on('error', () => socket.destroy());
  if (socket.destroyed || !socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    // end() alone only half-closes: a client that never closes its side would keep the socket.
    () => socket.destroy(),
  );
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/**
 * The address a socket counts against: the TCP peer, or, when the peer is this machine (nginx or
 * Apache in front), the last X-Forwarded-For entry, the one the proxy itself appended.
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const forwarded = req.headers['x-forwarded-for'];
  if (!LOOPBACK.test(peer) || !forwarded) return peer;
  const last = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',').pop()!.trim();
  return last.replace(/^::ffff:/, '') || peer;
}

/** Open (and opening) sockets per address and in all. */
export class SocketCounter {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { maxSocketsPerIp: number; maxSockets: number }) {}

  /** Counts a socket in, or says why it may not open: released when the socket closes. */
  admit(address: string, socket: Duplex): { status: 429 | 503; message: string } | null {
    if (this.total >= this.limits.maxSockets) return { status: 503, message: 'Too many connections, try again later' };
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.limits.maxSocketsPerIp)
      return {
        status: 429,
        message: `Too many connections from this address (at most ${this.limits.maxSocketsPerIp})`,
      };
    this.perAddress.set(address, mine + 1);
    this.total++;
    socket.once('close', () => this.release(address));
    return null;
  }

  counts(): { upgrades: number; addresses: number } {
    return { upgrades: this.total, addresses: this.perAddress.size };
  }

  private release(address: string): void {
    this.total--;
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else this.perAddress.delete(address);
  }
}
