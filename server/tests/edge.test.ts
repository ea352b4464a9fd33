// What every answer carries and what no request may do, tested in-process (app.request, no socket):
// security headers and the Content-Security-Policy of the app's page, request body limits per
// service, and the operator pages (studio, mailbox) closed behind proxies and on public interfaces.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { localOnly } from '../local-only.ts';
import { MAX_METADATA_BYTES } from '../auth/body.ts';
import { startTestStack, testEmail, type TestStack } from './helpers.ts';

const LOCAL_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

describe('the edge of the server', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    stack = await startTestStack();
    // The site URL the operator configured (SITE_URL): what the page is told it is, behind no proxy.
    stack.ctx.config.siteUrl = 'http://brawlcup.test';
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-dist-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div></body></html>',
    );
    // What a build pre-compresses, so the raw file cannot slip out compressed either.
    await writeFile(join(dist, 'index.html.gz'), gzipSync(await readFile(join(dist, 'index.html'))));
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(await readFile(join(dist, 'index.html'))));
    await writeFile(join(dist, 'offline.html'), '<!doctype html><html><head></head><body>offline</body></html>');
  });
  afterAll(async () => {
    await stack?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  const app = (runtimeConfig: Record<string, string> = {}) => buildApp(stack.ctx, { staticDir: dist, runtimeConfig });

  describe('security headers', () => {
    it('sends the page with a CSP that allows only the app itself and its one inline script', async () => {
      const res = await app().request('http://brawlcup.test/home');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self' ws://brawlcup.test");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('googlesyndication');
      // The hash names the config script the page carries, and nothing else runs inline.
      const html = await res.text();
      const script = /<script>(.*?)<\/script>/.exec(html)![1]!;
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('sends index.html requested by name, however spelled, as the page with its config and the same headers', async () => {
      const spa = await app().request('http://brawlcup.test/home');
      const csp = spa.headers.get('content-security-policy')!;
      const spaHtml = await spa.text();
      for (const path of [
        '/index.html',
        '/index.html?x',
        '//index.html',
        '/./index.html',
        '/%69ndex.html',
        '/assets/../index.html',
        '/assets/index.html',
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const res = await app().request(`http://brawlcup.test${path}`, {
            method,
            headers: { 'accept-encoding': 'gzip, br' },
          });
          expect(res.status, `${method} ${path}`).toBe(200);
          expect(res.headers.get('content-security-policy'), `${method} ${path}`).toBe(csp);
          expect(res.headers.get('x-frame-options'), path).toBe('DENY');
          expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
          if (method === 'GET') expect(await res.text(), path).toBe(spaHtml);
        }
      }
      // Any other HTML file in the build carries them too.
      const other = await app().request('http://brawlcup.test/offline.html');
      expect(other.status).toBe(200);
      expect(other.headers.get('content-security-policy')).toBe(csp);
      expect(other.headers.get('x-frame-options')).toBe('DENY');
    });

    it('tells the page its API is on its own origin, and lets Realtime in over wss behind an HTTPS proxy', async () => {
      const configOf = async (res: Response) =>
        JSON.parse(/window\.__BRAWLCUP_CONFIG__=(.*?)<\/script>/.exec(await res.text())![1]!) as Record<string, string>;
      const direct = await app().request('http://brawlcup.test/home');
      expect(await configOf(direct)).toEqual({ API_SAME_ORIGIN: 'true' });
      expect(direct.headers.get('content-security-policy')).toContain(
        "connect-src 'self' ws://brawlcup.test wss://brawlcup.test;",
      );
      // Without TRUST_PROXY, what a client writes in Host or proxy headers is not the site.
      for (const headers of <Record<string, string>[]>[
        { host: 'evil.example' },
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
        { forwarded: 'for=203.0.113.9;proto=https;host=evil.example' },
      ]) {
        const res = await app().request('http://evil.example/home', { headers });
        expect(res.headers.get('content-security-policy'), JSON.stringify(headers)).toContain(
          "connect-src 'self' ws://brawlcup.test wss://brawlcup.test;",
        );
      }
      // nginx in front (TRUST_PROXY=1): TLS ends there, this server sees plain http with the proxy's headers.
      stack.ctx.config.trustProxy = 1;
      try {
        for (const headers of <Record<string, string>[]>[
          { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
          { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'brawlcup.test' },
          { forwarded: 'for=203.0.113.9;proto=https;host=brawlcup.test' },
        ]) {
          const res = await app({ SUPABASE_ANON_KEY: 'anon' }).request('http://brawlcup.test/home', { headers });
          const config = await configOf(res);
          expect(config, JSON.stringify(headers)).toEqual({ API_SAME_ORIGIN: 'true', SUPABASE_ANON_KEY: 'anon' });
          expect(JSON.stringify(config)).not.toContain('http://');
          const csp = res.headers.get('content-security-policy')!;
          expect(csp, JSON.stringify(headers)).toContain("connect-src 'self' wss://brawlcup.test;");
          expect(csp).not.toContain('ws://');
        }
      } finally {
        stack.ctx.config.trustProxy = 0;
      }
    });

    it('lets AdSense in only when it is configured, and the contact form service when set', async () => {
      const res = await app({
        ADSENSE_CLIENT: 'ca-pub-1',
        ADSENSE_SLOT: '2',
        CONTACT_FORM_URL: 'https://forms.example.com/f/abc',
      }).request('http://brawlcup.test/');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src[^;]*https:\/\/pagead2\.googlesyndication\.com/);
      expect(csp).toMatch(/frame-src[^;]*googleads\.g\.doubleclick\.net/);
      expect(csp).toMatch(/connect-src[^;]*https:\/\/forms\.example\.com/);
    });

    it('sends nosniff and the referrer policy with API answers too', async () => {
      const res = await app().request('/rest/v1/tournaments?select=id&limit=1', {
        headers: { apikey: stack.ctx.keys.anonKey },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });
  });

  describe('request body limits', () => {
    const big = (bytes: number) =>
      JSON.stringify({ email: 'big@example.com', password: 'secret123', data: { filler: 'x'.repeat(bytes) } });

    it("refuses an Auth body over 1 MB with 413 in GoTrue's shape, before reading it", async () => {
      const res = await app().request('/auth/v1/signup', {
        method: 'POST',
        headers: {
          apikey: stack.ctx.keys.anonKey,
          'content-type': 'application/json',
          'content-length': String(100 * 1024 * 1024),
        },
        body: 'x',
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        code: 413,
        error_code: 'request_too_large',
        msg: 'The request body is too large (at most 1 MB).',
      });
    });

    it('counts a chunked body as it streams and stops it past the limit', async () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 64 * 1024;
          if (sent > 64 * 1024 * 1024) controller.close();
          else controller.enqueue(new Uint8Array(64 * 1024).fill(120));
        },
      });
      const res = await app().request('/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(sent).toBeLessThan(2 * 1024 * 1024);
    });

    it("refuses a Data API body over its limit with 413 in PostgREST's shape", async () => {
      const res = await app().request('/rest/v1/contact_messages', {
        method: 'POST',
        headers: {
          apikey: stack.ctx.keys.anonKey,
          'content-type': 'application/json',
          'content-length': String(3 * 1024 * 1024),
        },
        body: 'x',
      });
      expect(res.status).toBe(413);
      const json = await res.json();
      expect(json).toMatchObject({ code: '54000', details: null });
      expect(json.message).toBe('The request body is too large (at most 2 MB).');
    });

    it('refuses user metadata over 8 KB with a clear message, at sign-up and when updates add up', async () => {
      const res = await app().request('/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json' },
        body: big(9 * 1024),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error_code: 'validation_failed',
        msg: 'data: Metadata must be at most 8 KB of JSON.',
      });

      const client = stack.client();
      const { error } = await client.auth.signUp({
        email: testEmail(),
        password: 'secret123',
        options: { data: { a: 'x'.repeat(5000) } },
      });
      expect(error).toBeNull();
      // Each update is under the cap, but they are merged into what the user has.
      const grown = await client.auth.updateUser({ data: { b: 'y'.repeat(5000) } });
      expect(grown.error?.status).toBe(400);
      expect(grown.error?.message).toBe('data: Metadata must be at most 8 KB of JSON.');
      const replaced = await client.auth.updateUser({ data: { a: 'z'.repeat(7000) } });
      expect(replaced.error).toBeNull();
      expect(replaced.data.user?.user_metadata.a).toBe('z'.repeat(7000));
    });

    it('lets a user with metadata just under the cap read through the Data API with supabase-js', async () => {
      const client = stack.client();
      // At the cap itself, in two-byte characters: the cap counts bytes of JSON, and the token
      // carries them base64-encoded in the Authorization header of every request.
      const filler = 'é'.repeat(Math.floor((MAX_METADATA_BYTES - '{"filler":""}'.length) / 2));
      const data = { filler };
      expect(Buffer.byteLength(JSON.stringify(data))).toBeGreaterThan(MAX_METADATA_BYTES - 2);
      const { data: signedUp, error } = await client.auth.signUp({
        email: testEmail(),
        password: 'secret123',
        options: { data },
      });
      expect(error).toBeNull();
      expect(signedUp.session!.access_token.length).toBeGreaterThan(10_000);
      const read = await client.from('tournaments').select('id').limit(1);
      expect(read.error).toBeNull();
      expect(read.status).toBe(200);
      const { data: me } = await client.auth.getUser();
      expect(me.user?.user_metadata.filler).toBe(filler);
    });
  });

  describe('operator pages', () => {
    const page = (access: Parameters<typeof localOnly>[0]) =>
      new Hono().use('*', localOnly(access)).get('*', (c) => c.text('inbox'));
    const local = { host: '127.0.0.1:3000' };

    it('open to this machine only when the server listens on loopback and no proxy is in between', async () => {
      const open = await page({ listenHost: '127.0.0.1' }).request('/mail', { headers: local }, LOCAL_PEER);
      expect(open.status).toBe(200);
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
        const proxied = await page({ listenHost: '127.0.0.1' }).request(
          '/mail',
          { headers: { ...local, [header]: '203.0.113.9' } },
          LOCAL_PEER,
        );
        expect(proxied.status, header).toBe(404);
        expect((await proxied.json()).message).toContain('ssh -L 3000:127.0.0.1:3000');
      }
      const publicInterface = await page({ listenHost: '0.0.0.0' }).request('/mail', { headers: local }, LOCAL_PEER);
      expect(publicInterface.status).toBe(404);
    });

    it('open anywhere to HTTP Basic with STUDIO_PASSWORD, wrong guesses limited', async () => {
      const guarded = page({ listenHost: '0.0.0.0', password: 'correct horse' });
      const peer = { incoming: { socket: { remoteAddress: '198.51.100.7' } } };
      const basic = (password: string) => ({
        authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`,
        'x-forwarded-for': '1.2.3.4',
      });
      const none = await guarded.request('/studio', {}, peer);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect((await guarded.request('/studio', { headers: basic('correct horse') }, peer)).status).toBe(200);
      for (let i = 0; i < 10; i++)
        expect((await guarded.request('/studio', { headers: basic(`guess ${i}`) }, peer)).status).toBe(401);
      expect((await guarded.request('/studio', { headers: basic('correct horse') }, peer)).status).toBe(429);
    });

    it('behind a proxy (TRUST_PROXY), counts wrong guesses per client address, not for everybody', async () => {
      const guarded = page({ listenHost: '127.0.0.1', password: 'correct horse', trustProxy: 1 });
      const proxy = LOCAL_PEER;
      const from = (client: string, password: string) => ({
        authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`,
        'x-forwarded-for': client,
      });
      for (let i = 0; i < 10; i++)
        expect((await guarded.request('/studio', { headers: from('203.0.113.66', `guess ${i}`) }, proxy)).status).toBe(
          401,
        );
      expect((await guarded.request('/studio', { headers: from('203.0.113.66', 'correct horse') }, proxy)).status).toBe(
        429,
      );
      // Through the same proxy, the operator at another address is not locked out.
      expect(
        (await guarded.request('/studio', { headers: from('198.51.100.20', 'correct horse') }, proxy)).status,
      ).toBe(200);
    });
  });
});
