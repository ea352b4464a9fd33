// An answer's last step, done once: the headers every answer carries, gzip (or deflate) above a
// size threshold when the client accepts it, and Content-Length. The Data API finishes its answers
// here as a plain string or Buffer with plain headers, which @hono/node-server writes to the socket
// as they are; app.ts's generic middlewares (hono's compress, the security headers, the length)
// built a Response, read its body back and built another for every answer, which was most of the
// Data API's own time per request (bench/rest-overhead).
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Every answer: no MIME sniffing, and the full URL never leaves in a Referer to another site. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Answers smaller than this many bytes are sent as they are (compressing them saves nothing). */
export const COMPRESS_THRESHOLD = 1024;

/** Bodies up to this size are compressed on the spot; larger ones on libuv's thread pool. */
const SYNC_COMPRESS_MAX = 64 * 1024;

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** What finish() needs of the request: its method and its Accept-Encoding. */
export interface FinishRequest {
  method: string;
  header(name: string): string | undefined;
}

/** gzip or deflate as Accept-Encoding allows (gzip first, as hono's compress picks), or undefined. */
export function pickEncoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['gzip', 'deflate'] as const) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The answer as it leaves: `headers` (lower-case names) plus the security headers; a body of at
 * least COMPRESS_THRESHOLD bytes of a compressible type gets `Vary: Accept-Encoding` and is
 * compressed when the client accepts gzip or deflate (never a 206 or a HEAD, as hono's compress);
 * Content-Length always matches what is sent.
 */
export async function finish(
  request: FinishRequest,
  status: number,
  headers: Record<string, string>,
  body: string | Uint8Array<ArrayBuffer> | null,
): Promise<Response> {
  const out: Record<string, string> = { ...headers, ...SECURITY_HEADERS };
  if (body === null) return new Response(null, { status, headers: out });
  let bytes: Uint8Array<ArrayBuffer> | string = body;
  let length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const type = out['content-type'];
  if (
    length >= COMPRESS_THRESHOLD &&
    status !== 206 &&
    request.method !== 'HEAD' &&
    type !== undefined &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
  ) {
    const vary = out.vary;
    if (vary !== '*' && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)))
      out.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
    const encoding = pickEncoding(request.header('accept-encoding'));
    if (encoding) {
      const sync = length <= SYNC_COMPRESS_MAX;
      bytes =
        encoding === 'gzip'
          ? sync
            ? gzipSync(body)
            : await gzipAsync(body)
          : sync
            ? deflateSync(body)
            : await deflateAsync(body);
      length = bytes.byteLength;
      out['content-encoding'] = encoding;
    }
  }
  out['content-length'] = String(length);
  return new Response(bytes, { status, headers: out });
}
