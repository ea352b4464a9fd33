// The prerendered screens (issue 15): `/` is sent as the build's prerendered landing page, with the
// runtime config and the same Content-Security-Policy as every page; every other path still gets the
// app's index.html, and the prerendered files are never sent by their own names.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { startTestStack, type TestStack } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div></body></html>';
const LANDING =
  '<!doctype html><html><head><title>BrawlCup</title><style>h1{color:gold}</style></head><body>' +
  '<div id="root" data-prerendered="/"><h1>Compete. Win.</h1><a href="/register">Start Your Journey</a></div></body></html>';

describe('prerendered pages', () => {
  let stack: TestStack;
  let dist: string;

  beforeAll(async () => {
    stack = await startTestStack();
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-prerendered-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await mkdir(join(dist, 'prerendered'));
    await writeFile(join(dist, 'prerendered', 'landing.html'), LANDING);
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
});
