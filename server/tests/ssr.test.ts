// The screens the server renders with their data (issue 15): /home's grid and a tournament's page come
// as HTML with what a visitor may read, rendered by the app's own server build (dist/ssr/, which
// `vite build` writes: npm test builds first) through the stack's Data API with the anon role, and
// the state the browser hydrates it with. What is served must be safe whatever a tournament is
// called, and a render that cannot be had in time must never hold the page up.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { SERVER_ENTRY } from '../prerendered.ts';
import { pageRenderer } from '../ssr.ts';
import { ROOT, startTestStack, type TestStack } from './helpers.ts';
import type { ServerState } from '../../src/lib/server-render.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/boot.js"></script></body></html>';
const HOSTILE = `</script><script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"`;
const built = join(ROOT, 'dist', SERVER_ENTRY);

type Page = { status: number; html: string; root: string; state: ServerState | null; headers: Headers };

describe('server-rendered screens', () => {
  let stack: TestStack;
  let dist: string;
  let site: ReturnType<typeof buildApp>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(built)) throw new Error(`${built} is missing: build the app first (npx vite build; npm test does)`);
    stack = await startTestStack();
    // A build of our own around the real server entry: the pages' frames are trivial here (the
    // journeys check the real ones in a browser), what they are filled with is the real render.
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-ssr-'));
    await writeFile(join(dist, 'index.html'), TEMPLATE.replace('/assets/boot.js', '/assets/index.js'));
    await mkdir(join(dist, 'prerendered'));
    await writeFile(join(dist, 'prerendered', 'home.html'), TEMPLATE);
    await writeFile(join(dist, 'prerendered', 'tournament.html'), TEMPLATE);
    await symlink(join(ROOT, 'dist', 'ssr'), join(dist, 'ssr'));
    const service = stack.service();
    const insert = async (key: string, fields: Record<string, unknown>) => {
      const { data, error } = await service
        .from('tournaments')
        .insert({
          slots: 8,
          type: '2v2',
          thumbnail_url: '/banners/brawlcup.svg',
          discord_link: 'https://discord.gg/ssr-secret',
          ...fields,
        })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      ids[key] = (data as { id: string }).id;
    };
    await insert('plain', {
      name: 'SSR Gem Cup',
      description: 'Grab ten gems and hold them.',
      starts_at: '2099-12-06T13:30:00Z',
      prize: 'Rs500',
      rules: 'Be kind.',
    });
    await insert('hostile', { name: HOSTILE.slice(0, 60), description: HOSTILE, rules: HOSTILE });
    site = buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} });
  });
  afterAll(async () => {
    await stack?.destroy();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const get = async (path: string, app = site) => {
    const res = await app.request(`https://cup.example${path}`);
    const html = await res.text();
    // React separates neighbouring texts with empty comments: read them as one text.
    const root = html.slice(html.indexOf('<div id="root"'), html.lastIndexOf('</div>') + 6).replace(/<!-- -->/g, '');
    const json = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)?.[1];
    return {
      status: res.status,
      html,
      root,
      state: json ? (JSON.parse(json) as ServerState) : null,
      headers: res.headers,
    } satisfies Page;
  };
  // A page the server rendered. A render that misses RENDER_DEADLINE_MS goes out as the plain app,
  // by design: the first one of each screen (its code is loaded and JIT-compiled then) and any one on
  // a machine busy enough. What these tests read is what a rendered page holds, so they wait for one.
  const rendered = async (path: string) => {
    for (let tries = 0; ; tries++) {
      const page = await get(path);
      if (page.state) return page;
      if (tries > 50) throw new Error(`${path} was never rendered by the server`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const visitorList = async () => {
    const { data, error } = await stack
      .client()
      .from('tournaments')
      .select('name')
      .order('created_at', { ascending: false });
    if (error) throw new Error(error.message);
    return (data as { name: string }[]).map((t) => t.name);
  };

  it('sends /home with every tournament a visitor may read, and the state the browser hydrates it with', async () => {
    const page = await rendered('/home');
    expect(page.status).toBe(200);
    expect(page.root).toMatch(/^<div id="root" data-prerendered="\/home">/);
    expect(page.root).toContain('Tournaments');
    // The grid as a visitor reads it, in the list's order; nobody's registrations, no invite.
    const names = await visitorList();
    expect(names.length).toBeGreaterThan(3);
    const cached = page.state!.queries.queries.find((q) => JSON.stringify(q.queryKey) === '["tournaments",null]');
    const data = cached!.state.data as { name: string; my_team: unknown[]; discord_invite?: unknown }[];
    expect(data.map((t) => t.name)).toEqual(names);
    expect(data.every((t) => t.my_team.length === 0 && t.discord_invite === undefined)).toBe(true);
    expect(page.html).not.toContain('ssr-secret');
    expect(page.root).toContain('SSR Gem Cup');
    expect(page.root).toContain('Register Now');
    // The first cards only, however many there are (the rest follow in the browser): the page stays small.
    const cards = [...page.root.matchAll(/<article\b/g)].length;
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(cards).toBeGreaterThanOrEqual(6);
    expect(cards).toBeLessThan(names.length);
    // Times as the server can write them: in UTC (the browser turns them into the viewer's zone).
    expect(page.root).toMatch(/<time dateTime="2099-12-06T13:30:00(Z|\+00:00)">Sun 6 Dec, 13:30 UTC<\/time>/);
    expect(Date.now() - Date.parse(page.state!.now)).toBeLessThan(60_000);
    // The page's headers as any page's: its CSP allows only the config script inline.
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends a tournament's page with its details and teams, and an unknown one as not found", async () => {
    const page = await rendered(`/tournaments/${ids.plain}`);
    expect(page.status).toBe(200);
    expect(page.root).toContain(`data-prerendered="/tournaments/${ids.plain}"`);
    for (const text of ['SSR Gem Cup', 'Grab ten gems and hold them.', 'Rs500', 'Be kind.', '0 / 8 teams', 'Teams'])
      expect(page.root, text).toContain(text);
    const keys = page.state!.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        `["tournaments","page","${ids.plain}","details"]`,
        `["tournaments","page","${ids.plain}","teams"]`,
        `["tournaments","page","${ids.plain}","matches"]`,
      ]),
    );
    for (const path of ['/tournaments/00000000-0000-4000-8000-000000000000', '/tournaments/nope']) {
      const missing = await rendered(path);
      expect(missing.status, path).toBe(200);
      expect(missing.root, path).toContain('Tournament not found');
    }
  });

  it('keeps whatever a tournament is called inert: escaped in the markup, unable to close the state', async () => {
    for (const path of ['/home', `/tournaments/${ids.hostile}`]) {
      const page = await rendered(path);
      // The only scripts are the page's own: no text of a tournament became one.
      expect([...page.html.matchAll(/<script\b/g)], path).toHaveLength(3);
      expect(page.html, path).not.toContain('<script>alert(1)');
      expect(page.html, path).not.toContain('<img src=x');
      expect(page.root, path).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      // The state holds the text as it is, for the browser to read back exactly.
      const texts = JSON.stringify(page.state);
      expect(texts, path).toContain(HOSTILE.slice(0, 60));
    }
    // An address is written into the page as an attribute, escaped (such a path is not a tournament).
    const odd = await get('/tournaments/%22%3E%3Cscript%3Ealert(3)%3C%2Fscript%3E');
    expect(odd.html).not.toContain('<script>alert(3)');
  });

  it('serves the plain app page when the server build is missing', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'brawlcup-ssr-bare-'));
    try {
      await writeFile(join(bare, 'index.html'), TEMPLATE.replace('/assets/boot.js', '/assets/index.js'));
      await mkdir(join(bare, 'prerendered'));
      await writeFile(join(bare, 'prerendered', 'home.html'), TEMPLATE);
      const page = await get('/home', buildApp(stack.ctx, { staticDir: bare, runtimeConfig: {} }));
      expect(page.status).toBe(200);
      expect(page.html).toContain('<div id="root"></div>');
      expect(page.html).toContain('/assets/index.js');
      expect(page.state).toBeNull();
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('never holds a page up for a slow render, and serves the render to the next visitors once it is done', async () => {
    const app = buildApp(stack.ctx);
    let slow = true;
    const render = pageRenderer(dist, {
      anonKey: stack.ctx.keys.anonKey,
      deadlineMs: 100,
      ttlMs: 60_000,
      fetch: async (request) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 400));
        return app.fetch(request);
      },
    });
    const started = Date.now();
    expect(await render('/home')).toBeNull();
    expect(Date.now() - started).toBeLessThan(350);
    slow = false;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const page = await render('/home');
    expect(page?.markup).toContain('SSR Gem Cup');
  });

  it('renders a path at most once per second, so a crowd opening /home costs one render', async () => {
    const app = buildApp(stack.ctx);
    let reads = 0;
    const render = pageRenderer(dist, {
      anonKey: stack.ctx.keys.anonKey,
      // What is counted is the reads, not how long they take: a loaded machine must not turn the
      // crowd's pages into plain ones.
      deadlineMs: 30_000,
      fetch: (request) => {
        reads++;
        return app.fetch(request);
      },
    });
    const pages = await Promise.all(Array.from({ length: 20 }, () => render('/home')));
    expect(pages.every((p) => p?.markup.includes('SSR Gem Cup'))).toBe(true);
    expect(reads).toBe(1);
    // Later, a new tournament shows.
    await stack
      .service()
      .from('tournaments')
      .insert({
        name: 'SSR Late Cup',
        slots: 4,
        type: '1v1',
        description: 'Late to the party.',
        thumbnail_url: '/banners/brawlcup.svg',
        discord_link: 'https://discord.gg/ssr-late',
      })
      .throwOnError();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await render('/home'))?.markup).toContain('SSR Late Cup');
  });
});
