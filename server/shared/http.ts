// What every service's HTTP edge repeats: telling a JSON object from other values, parsing a JSON
// body without letting a hostile one through, reading the bearer token, and deciding the client's IP.
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(authorization: string | undefined | null): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1]?.trim() || undefined;
}

/** Why a body is not acceptable JSON; each service words it in its own error shape. */
export type JsonFailure = 'syntax' | 'too_deep';

export class JsonBodyError extends Error {
  constructor(readonly reason: JsonFailure) {
    super(reason === 'too_deep' ? 'The JSON body is nested too deeply.' : 'The body is not valid JSON.');
  }
}

/**
 * JSON.parse, then a depth check: JSON.parse copes with any depth but JSON.stringify, zod and the
 * database recurse, so a body nested thousands deep would crash them later with a 500.
 */
export function parseJson(text: string, maxDepth = 64): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonBodyError('syntax');
  }
  // Iterative, so the check itself cannot overflow the stack.
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) throw new JsonBodyError('too_deep');
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return value;
}

/**
 * The client's IP address. By default the TCP peer, which a client cannot forge. Behind a reverse
 * proxy every request comes from the proxy, so TRUST_PROXY=n (the number of proxies in front) takes
 * the n-th address from the right of X-Forwarded-For: the one the outermost trusted proxy saw.
 * Addresses further left were written by the client and are never used.
 */
export function clientIp(c: Context, trustProxy: number): string {
  const peer = normaliseIp((c.env as HttpBindings | undefined)?.incoming?.socket?.remoteAddress ?? '');
  if (trustProxy <= 0) return peer || 'unknown';
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return peer || 'unknown';
  return normaliseIp(forwarded[Math.max(0, forwarded.length - trustProxy)]!);
}

/** `::ffff:1.2.3.4` (IPv4 seen by an IPv6 socket) is 1.2.3.4. */
const normaliseIp = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** The first `key=value` of a Forwarded header's first element (RFC 7239), unquoted. */
function forwardedParam(header: string | undefined, key: string): string | undefined {
  const first = header?.split(',')[0] ?? '';
  for (const pair of first.split(';')) {
    const [k, v] = pair.split('=');
    if (k?.trim().toLowerCase() === key && v) return v.trim().replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/**
 * The origins a page served through this request may have: the one the server sees, and the one a
 * proxy in front says the browser used (X-Forwarded-Proto/-Host, or Forwarded), so the studio's own
 * page keeps working behind an HTTPS proxy. Only a same-origin check uses this, never access (local-only.ts).
 */
export function requestOrigins(c: Context): Set<string> {
  const url = new URL(c.req.url);
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim() || undefined;
  const forwarded = c.req.header('forwarded');
  const protos = [url.protocol.replace(':', ''), first('x-forwarded-proto'), forwardedParam(forwarded, 'proto')];
  const hosts = [url.host, c.req.header('host'), first('x-forwarded-host'), forwardedParam(forwarded, 'host')];
  const origins = new Set<string>([url.origin]);
  for (const proto of protos) {
    if (proto !== 'http' && proto !== 'https') continue;
    for (const host of hosts) {
      if (!host) continue;
      try {
        origins.add(new URL(`${proto}://${host}`).origin);
      } catch {
        // not a host: ignored
      }
    }
  }
  return origins;
}

/**
 * The origin the browser used, as a proxy in front reports it (X-Forwarded-Proto/-Host, else
 * Forwarded's proto/host), else the one this server sees. For what a page is told about itself (its
 * CSP); never for deciding access.
 */
export function publicOrigin(c: Context): string {
  const url = new URL(c.req.url);
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim() || undefined;
  const forwarded = c.req.header('forwarded');
  const proto = first('x-forwarded-proto') ?? forwardedParam(forwarded, 'proto');
  const host = first('x-forwarded-host') ?? forwardedParam(forwarded, 'host');
  try {
    return new URL(
      `${proto === 'https' || proto === 'http' ? proto : url.protocol.replace(':', '')}://${host ?? url.host}`,
    ).origin;
  } catch {
    return url.origin;
  }
}

/**
 * The site's origin for the absolute URLs a page carries (og:url, the CSP's sockets). Without
 * TRUST_PROXY, X-Forwarded-Host, Forwarded and Host are whatever the client wrote: they are not
 * read, the configured site URL (SITE_URL, else the address the server listens on) is used. With
 * TRUST_PROXY the proxy's report is believed, as for the client address.
 */
export function siteOrigin(c: Context, config: { siteUrl: string; trustProxy: number }): string {
  if (config.trustProxy > 0) return publicOrigin(c);
  try {
    return new URL(config.siteUrl).origin;
  } catch {
    return new URL(c.req.url).origin;
  }
}
