// shared/finish.ts, the last step of the Data API's answers: the security headers, gzip or deflate
// above the threshold as Accept-Encoding allows (with Vary), and a Content-Length that matches the
// bytes sent. No stack needed: it works on a request's method and headers.
import { gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, finish, pickEncoding } from '../shared/finish.ts';

const request = (method: string, acceptEncoding?: string) => ({
  method,
  header: (name: string) => (name === 'accept-encoding' ? acceptEncoding : undefined),
});
const json = { 'content-type': 'application/json; charset=utf-8' };
const large = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Tournament ${i}` })));
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('finish', () => {
  it('adds the security headers and a Content-Length to a small answer, uncompressed', async () => {
    const body = '{"ok":true}';
    const res = await finish(request('GET', 'gzip'), 200, json, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.text()).toBe(body);
  });

  it('gzips a large answer when the client accepts gzip, with Vary and the compressed length', async () => {
    expect(Buffer.byteLength(large)).toBeGreaterThan(COMPRESS_THRESHOLD);
    const res = await finish(request('GET', 'gzip, deflate, br'), 200, json, large);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const sent = await bytes(res);
    expect(res.headers.get('content-length')).toBe(String(sent.byteLength));
    expect(sent.byteLength).toBeLessThan(Buffer.byteLength(large));
    expect(gunzipSync(sent).toString()).toBe(large);
  });

  it('deflates when only deflate is accepted, and sends it plain when nothing is', async () => {
    const deflated = await finish(request('GET', 'deflate'), 200, json, large);
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(await bytes(deflated)).toString()).toBe(large);

    for (const accept of [undefined, 'identity', 'br', 'gzip;q=0']) {
      const plain = await finish(request('GET', accept), 200, json, large);
      expect(plain.headers.get('content-encoding')).toBeNull();
      // Still varies: another client asking the same URL may get it compressed.
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(large)));
      expect(await plain.text()).toBe(large);
    }
  });

  it('never compresses a 206, a HEAD or a type that does not compress, and keeps a Vary already there', async () => {
    expect((await finish(request('GET', 'gzip'), 206, json, large)).headers.get('content-encoding')).toBeNull();
    expect((await finish(request('HEAD', 'gzip'), 200, json, large)).headers.get('content-encoding')).toBeNull();
    const image = await finish(request('GET', 'gzip'), 200, { 'content-type': 'image/png' }, large);
    expect(image.headers.get('content-encoding')).toBeNull();
    const varied = await finish(request('GET', 'gzip'), 200, { ...json, vary: 'Origin' }, large);
    expect(varied.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('compresses a body past the size it compresses on the spot too', async () => {
    const huge = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `Tournament ${i}` })));
    expect(Buffer.byteLength(huge)).toBeGreaterThan(64 * 1024);
    const res = await finish(request('GET', 'gzip'), 200, json, huge);
    expect(gunzipSync(await bytes(res)).toString()).toBe(huge);
  });

  it('answers without a body with its headers and no length', async () => {
    const res = await finish(request('OPTIONS'), 204, { 'access-control-allow-origin': '*' }, null);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-length')).toBeNull();
  });

  it('picks the encoding as Accept-Encoding weighs them', () => {
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate;q=1, gzip;q=0.5')).toBe('deflate');
    expect(pickEncoding('gzip;q=0.2, deflate;q=0.8')).toBe('deflate');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('br, zstd')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
