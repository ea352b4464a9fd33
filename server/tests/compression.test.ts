// Compression as a phone on mobile data gets it: built assets pre-compressed (brotli or gzip, picked
// by Accept-Encoding, with Vary), the app's HTML and the API's larger JSON gzip-compressed on the
// way out, small answers left as they are. In-process, through the app without a listening socket.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startTestStack, type TestStack } from './helpers.ts';

describe('compression', () => {
  let stack: TestStack;
  let dist: string;
  const script = `console.log(${JSON.stringify('BrawlCup '.repeat(400))});`;

  beforeAll(async () => {
    stack = await startTestStack();
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html><head><title>BrawlCup</title></head><body>${'<p>x</p>'.repeat(300)}</body></html>`,
    );
    await writeFile(join(dist, 'assets', 'app-1234.js'), script);
    await writeFile(join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
    await writeFile(join(dist, 'assets', 'app-1234.js.gz'), gzipSync(script));
  });
  afterAll(async () => {
    await stack?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  const app = () => buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} });

  it('serves a built asset as its brotli copy when the browser accepts br, and gzip otherwise', async () => {
    const br = await app().request('/assets/app-1234.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await app().request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app().request('/assets/app-1234.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it("gzips the app's HTML and the API's larger JSON, and leaves small answers alone", async () => {
    const html = await app().request('/home', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(html.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await html.arrayBuffer())).toString()).toContain('<title>BrawlCup</title>');

    const headers = { apikey: stack.ctx.keys.anonKey, 'Accept-Encoding': 'gzip' };
    const list = await app().request('/rest/v1/tournaments?select=*', { headers });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await list.arrayBuffer())).toString()).length).toBeGreaterThan(0);

    const small = await app().request('/rest/v1/tournaments?select=id&limit=1', { headers });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).length).toBe(1);
  });
});
