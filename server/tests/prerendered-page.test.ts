// The prerendered screens (issue 15): `/` is sent as the build's prerendered landing page, with the
// runtime config and the same Content-Security-Policy as every page; every other path still gets the
// app's index.html (with the links to its screen's chunks where the build listed them), and the
// prerendered files are never sent by their own names.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { PRERENDERED, ROUTE_CHUNKS, routeChunksPath } from '../prerendered.ts';
import { paths } from '../../src/config/paths.ts';
import { startTestStack, type TestStack } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div></body></html>';
const LANDING =
  '<!doctype html><html><head><title>BrawlCup</title><style>h1{color:gold}</style></head><body>' +
  '<div id="root" data-prerendered="/"><h1>Compete. Win.</h1><a href="/register">Start Your Journey</a></div></body></html>';

const LOGIN =
  '<!doctype html><html><head><title>Sign in</title></head><body><header><a href="/login">Sign in</a></header>' +
  '<div id="root" data-prerendered="/login"><form></form><a href="/register">Sign up</a>' +
  '<a href="/forgotpassword">Forgot password?</a></div></body></html>';

const HOME_LINKS =
  '<link rel="stylesheet" href="/assets/app-layout-1.css"><link rel="modulepreload" crossorigin href="/assets/home-1.js">';
const TOURNAMENT_LINKS = '<link rel="modulepreload" crossorigin href="/assets/tournament-1.js">';
const ROUTE_LINKS = { '/home': HOME_LINKS, '/tournaments/:id': TOURNAMENT_LINKS };

describe('prerendered pages', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    stack = await startTestStack();
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-prerendered-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await mkdir(join(dist, 'prerendered'));
    await writeFile(join(dist, 'prerendered', 'landing.html'), LANDING);
    await writeFile(join(dist, 'prerendered', 'login.html'), LOGIN);
    await writeFile(join(dist, 'prerendered', 'route-links.json'), JSON.stringify(ROUTE_LINKS));
  });
  afterAll(async () => {
    await stack?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (path: string) =>
    buildApp(stack.ctx, { staticDir: dist, runtimeConfig: {} }).request(`https://cup.example${path}`);

  it('sends / as the prerendered landing page, with its config script allowed by the CSP', async () => {
    for (const path of ['/', '/?ref=discord']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Compete. Win.</h1><a href="/register">Start Your Journey</a>');
      const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
      expect(script).toContain('window.__BRAWLCUP_CONFIG__');
      const hash = createHash('sha256').update(script!).digest('base64');
      expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('sends every other path the empty app page, and the prerendered files only for their paths', async () => {
    for (const path of [
      '/home',
      '/register',
      '/prerendered/landing.html',
      '/prerendered/',
      '//prerendered/landing.html',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('Compete. Win.');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it("links a screen's chunks and stylesheets in the head of its app page, as the build listed them", async () => {
    const head = async (path: string) => {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<div id="root"></div>');
      return html.slice(0, html.indexOf('</head>'));
    };
    for (const path of ['/home', '/home/', '/HOME', '/home?tab=1'])
      expect(await head(path), path).toContain(HOME_LINKS);
    expect(await head('/tournaments/7a1c0001-0000-4000-8000-000000000001')).toContain(TOURNAMENT_LINKS);
    // Any one segment is an id to the router (its screen says "Tournament not found").
    expect(await head('/tournaments/nope')).toContain(TOURNAMENT_LINKS);
    for (const path of ['/tournaments/', '/tournaments/a/b', '/homes', '/nowhere', '/register']) {
      const html = await head(path);
      expect(html, path).not.toContain('modulepreload');
      expect(html, path).not.toContain('app-layout-1.css');
    }
  });

  it('sends the app page without the links when the build has no readable list of them', async () => {
    await writeFile(join(dist, 'prerendered', 'route-links.json'), '{not json');
    try {
      const res = await get('/home');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('modulepreload');
    } finally {
      await writeFile(join(dist, 'prerendered', 'route-links.json'), JSON.stringify(ROUTE_LINKS));
    }
  });

  it("carries the sign-in page's same-site ?next= in its Sign up link from the first byte, and nothing else", async () => {
    const next = '/tournaments/5d0f5c1e-7a3b-4c1d-9e2f-0a1b2c3d4e5f';
    const html = await (await get(`/login?next=${encodeURIComponent(next)}`)).text();
    expect(html).toContain(`<a href="/register?next=${encodeURIComponent(next)}">Sign up</a>`);
    // The header is the app's (outside #root); other links keep their own address.
    expect(html).toContain('<header><a href="/login">Sign in</a></header>');
    expect(html).toContain('<a href="/forgotpassword">');
    // A next that leaves the site, or none, leaves the links as the build wrote them.
    for (const query of ['?next=%2F%2Fevil.example', '?next=https%3A%2F%2Fevil.example', '', '?next='])
      expect(await (await get(`/login${query}`)).text(), query).toContain('<a href="/register">Sign up</a>');
    // What can be in a path is written as an attribute, escaped.
    const odd = await (await get(`/login?next=${encodeURIComponent('/x?a="><script>')}`)).text();
    expect(odd).not.toContain('"><script>');
    expect(odd).toMatch(/<a href="\/register\?next=%2Fx%3Fa%3D[^"<>]+">Sign up<\/a>/);
  });

  it("lists every screen of the app's router that is not prerendered, with the modules the router loads for it", async () => {
    const router = await readFile(join(import.meta.dirname, '../../src/app/router.tsx'), 'utf8');
    const screens = Object.values(paths).flatMap((p): string[] => (typeof p === 'string' ? [p] : []));
    for (const path of screens.filter((p) => p !== '/' && !Object.hasOwn(PRERENDERED, p)))
      expect(routeChunksPath(path.replace(':id', 'x')), path).toBe(path);
    for (const { path, modules } of ROUTE_CHUNKS)
      for (const module of modules)
        expect(router, `${path}: ${module}`).toContain(
          `import('${module.replace(/^src\//, '@/').replace(/\.tsx?$/, '')}')`,
        );
  });
});
