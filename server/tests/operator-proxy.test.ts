// The operator pages (studio, mailbox) behind proxies, over real sockets: without STUDIO_PASSWORD
// any proxy header closes them; with it, the studio's own page works through an HTTPS proxy.
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestStack, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/studio-supabase');

/** node:http, because fetch will not let a test choose Host, Via or Forwarded. */
function raw(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const PROXY_HEADERS: Record<string, string> = {
  'X-Forwarded-For': '203.0.113.9',
  'X-Forwarded-Host': 'brawlcup.example',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '443',
  'X-Forwarded-Server': 'edge-1',
  'X-Forwarded-Prefix': '/',
  'X-Forwarded-Ssl': 'on',
  Forwarded: 'for=203.0.113.9;proto=https',
  'X-Real-IP': '203.0.113.9',
  Via: '1.1 nginx',
};

describe('the operator pages behind a proxy, without STUDIO_PASSWORD', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('answer this machine, and 404 with the SSH-tunnel hint as soon as any proxy header is present', async () => {
    const host = { Host: `127.0.0.1:${stack.port}` };
    for (const path of ['/studio', '/mail', '/mail/api/messages']) {
      expect((await raw(stack.url, { path, headers: host })).status, path).toBe(200);
      for (const [name, value] of Object.entries(PROXY_HEADERS)) {
        const res = await raw(stack.url, { path, headers: { ...host, [name]: value } });
        expect(res.status, `${path} with ${name}`).toBe(404);
        expect(JSON.parse(res.body).message, name).toContain('ssh -L 3000:127.0.0.1:3000');
      }
    }
  });
});

describe('the studio through an HTTPS proxy with STUDIO_PASSWORD', () => {
  let stack: TestStack;
  const password = 'correct horse battery';
  const proxied = (extra: Record<string, string> = {}) => ({
    Host: 'brawlcup.example',
    'X-Forwarded-For': '203.0.113.9',
    'X-Forwarded-Proto': 'https',
    Via: '1.1 caddy',
    Authorization: `Basic ${Buffer.from(`operator:${password}`).toString('base64')}`,
    ...extra,
  });
  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, studioPassword: password });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it("serves the page and answers its own page's requests, which name the https origin", async () => {
    const page = await raw(stack.url, { path: '/studio', headers: proxied() });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script type="module" src="/studio/assets/studio.js">');
    const pageCall = {
      'X-Studio': '1',
      Origin: 'https://brawlcup.example',
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/json',
    };
    const tables = await raw(stack.url, { path: '/studio/api/tables', headers: proxied(pageCall) });
    expect(tables.status).toBe(200);
    const insert = await raw(stack.url, {
      method: 'POST',
      path: '/studio/api/tables/public/log_lines/rows',
      headers: proxied(pageCall),
      body: JSON.stringify({ values: { line: 'through the proxy' } }),
    });
    expect(insert.status, insert.body).toBe(201);
    // A proxy that rewrites Host and says where the browser was, in either header style.
    for (const headers of <Record<string, string>[]>[
      { Host: `127.0.0.1:${stack.port}`, 'X-Forwarded-Host': 'brawlcup.example' },
      { Host: `127.0.0.1:${stack.port}`, Forwarded: 'for=203.0.113.9;host=brawlcup.example;proto=https' },
    ]) {
      const res = await raw(stack.url, { path: '/studio/api/tables', headers: proxied({ ...pageCall, ...headers }) });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    const mail = await raw(stack.url, { path: '/mail/api/messages', headers: proxied() });
    expect(mail.status).toBe(200);
  });

  it('still refuses other origins, no password and a wrong one', async () => {
    const foreign = await raw(stack.url, {
      method: 'POST',
      path: '/studio/api/tables/public/log_lines/rows',
      headers: proxied({ 'X-Studio': '1', Origin: 'https://evil.example', 'Content-Type': 'application/json' }),
      body: JSON.stringify({ values: { line: 'csrf' } }),
    });
    expect(foreign.status).toBe(403);
    const { Authorization: _, ...anonymous } = proxied();
    expect((await raw(stack.url, { path: '/studio', headers: anonymous })).status).toBe(401);
    const wrong = proxied({ Authorization: `Basic ${Buffer.from('operator:guess').toString('base64')}` });
    expect((await raw(stack.url, { path: '/mail', headers: wrong })).status).toBe(401);
  });
});
