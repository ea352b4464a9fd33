// A tournament page's link preview as a crawler fetches it (no JavaScript): the HTML served for
// /tournaments/<uuid> carries that tournament's Open Graph tags, read with a visitor's rights, and
// keeps the page's Content-Security-Policy; cancelled, unknown and malformed ids get the site's own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startTestStack, type TestStack } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div></body></html>';

describe('Open Graph tags on a tournament page', () => {
  let stack: TestStack;
  let dist: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startTestStack();
    // The site URL the operator configured (SITE_URL): where links to it point.
    stack.ctx.config.siteUrl = 'https://cup.example';
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-og-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    const service = stack.service();
    const insert = async (key: string, fields: Record<string, unknown>) => {
      const { data, error } = await service
        .from('tournaments')
        .insert({
          description: 'Gems & glory <3',
          slots: 4,
          discord_link: 'https://discord.gg/og-secret',
          type: '2v2',
          ...fields,
        })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      ids[key] = (data as { id: string }).id;
    };
    await insert('open', {
      name: 'OG "Gem" Cup',
      thumbnail_url: 'https://cdn.example.com/gem.png',
      starts_at: '2099-12-06T13:30:00Z',
      prize: 'Rs500 + Brawl Pass',
    });
    await insert('local', { name: 'OG Local Banner', thumbnail_url: '/banners/duo-gem-grab.svg' });
    await insert('cancelled', { name: 'OG Cancelled', thumbnail_url: '/banners/duo-gem-grab.svg' });
    const { error } = await service
      .from('tournaments')
      .update({ cancelled_at: new Date().toISOString() })
      .eq('id', ids.cancelled!);
    if (error) throw new Error(error.message);
  });
  afterAll(async () => {
    await stack?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (path: string) =>
    buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} }).request(`https://cup.example${path}`);

  it("puts the tournament's title, details and https banner into the served HTML, with the CSP kept", async () => {
    const res = await get(`/tournaments/${ids.open}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>OG &quot;Gem&quot; Cup · BrawlCup</title>');
    expect(html).toContain('<meta property="og:title" content="OG &quot;Gem&quot; Cup · BrawlCup">');
    expect(html).toContain(
      '<meta property="og:description" content="Starts Sun 6 Dec, 13:30 UTC · Prize: Rs500 + Brawl Pass · 4 of 4 slots left. Gems &amp; glory &lt;3">',
    );
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/gem.png">');
    expect(html).toContain(`<meta property="og:url" content="https://cup.example/tournaments/${ids.open}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // Never the Discord invite, and the app still gets its config script.
    expect(html).not.toContain('og-secret');
    expect(html).toContain('window.__BRAWLCUP_CONFIG__');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('makes a site-relative banner absolute on an https site', async () => {
    const html = await (await get(`/tournaments/${ids.local}`)).text();
    expect(html).toContain('<meta property="og:image" content="https://cup.example/banners/duo-gem-grab.svg">');
    expect(html).toContain('4 of 4 slots left');
  });

  it("takes the site's URL from the configuration, never from the Host or proxy headers a client writes", async () => {
    const app = buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} });
    for (const headers of <Record<string, string>[]>[
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      { forwarded: 'host=evil.example;proto=http' },
    ]) {
      const res = await app.request(`http://evil.example/tournaments/${ids.open}`, { headers });
      const html = await res.text();
      expect(html, JSON.stringify(headers)).toContain(
        `<meta property="og:url" content="https://cup.example/tournaments/${ids.open}">`,
      );
      expect(html).not.toContain('evil.example');
      expect(res.headers.get('content-security-policy')).not.toContain('evil.example');
    }
  });

  it('leaves out a banner that is not https (a plain-http site)', async () => {
    const app = buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} });
    stack.ctx.config.siteUrl = 'http://127.0.0.1:3000';
    const html = await (await app.request(`http://127.0.0.1:3000/tournaments/${ids.local}`)).text();
    stack.ctx.config.siteUrl = 'https://cup.example';
    expect(html).toContain('<meta property="og:title" content="OG Local Banner · BrawlCup">');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it.each([
    ['a cancelled tournament', () => `/tournaments/${ids.cancelled}`],
    ['an unknown id', () => '/tournaments/00000000-0000-4000-8000-00000000dead'],
    ['a malformed id', () => "/tournaments/1'%20or%201=1"],
    ['another page', () => '/home'],
  ])("serves %s with the site's own tags", async (_label, path) => {
    const res = await get(path());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>BrawlCup</title>');
    expect(html).not.toContain('og:title');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
