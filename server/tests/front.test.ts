// `npm start` in front of a hosted Supabase project (server/front.ts): a tournament page as a
// crawler fetches it carries that tournament's Open Graph tags, read from the project's Data API
// with the anon key. A local stack stands in for the hosted project: the front reaches it only
// over HTTP, by its URL and anon key, as it would reach https://<ref>.supabase.co.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontApp, frontOptions } from '../front.ts';
import { startTestStack, type TestStack } from './helpers.ts';

const INDEX = '<!doctype html><html><head><title>BrawlCup</title></head><body><div id="root"></div></body></html>';

describe('npm start in front of a hosted project', () => {
  let project: TestStack;
  let dist: string;
  const ids: Record<string, string> = {};
  const page = (path: string, supabaseUrl = project.url) =>
    buildFrontApp({ supabaseUrl, anonKey: project.ctx.keys.anonKey, staticDir: dist }).request(
      `https://cup.example${path}`,
    );

  beforeAll(async () => {
    project = await startTestStack();
    dist = await mkdtemp(join(tmpdir(), 'brawlcup-front-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    const service = project.service();
    for (const [key, name] of [
      ['open', 'Front Gem Cup'],
      ['cancelled', 'Front Cancelled Cup'],
    ] as const) {
      const { data, error } = await service
        .from('tournaments')
        .insert({
          name,
          description: 'Shared on Discord',
          slots: 8,
          type: '3v3',
          thumbnail_url: 'https://cdn.example.com/front.png',
          starts_at: '2099-12-06T13:30:00Z',
          discord_link: 'https://discord.gg/front-secret',
        })
        .select('id')
        .single();
      if (error) throw new Error(error.message);
      ids[key] = (data as { id: string }).id;
    }
    const { error } = await service
      .from('tournaments')
      .update({ cancelled_at: new Date().toISOString() })
      .eq('id', ids.cancelled!);
    if (error) throw new Error(error.message);
  });
  afterAll(async () => {
    await project?.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves a tournament page with its own title, description and image, and the app pointed at the project', async () => {
    const res = await page(`/tournaments/${ids.open}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Front Gem Cup · BrawlCup">');
    expect(html).toContain(
      '<meta property="og:description" content="Starts Sun 6 Dec, 13:30 UTC · 8 of 8 slots left. Shared on Discord">',
    );
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/front.png">');
    expect(html).not.toContain('front-secret');
    // The page's API is the project, not this server.
    expect(html).toContain(`"SUPABASE_URL":"${project.url}"`);
    expect(html).toContain(`"SUPABASE_ANON_KEY":"${project.ctx.keys.anonKey}"`);
    expect(html).not.toContain('API_SAME_ORIGIN');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`connect-src 'self' ${project.url} ws://${new URL(project.url).host}`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it("serves the site's own tags for a cancelled tournament, and when the project cannot be reached", async () => {
    for (const res of [
      await page(`/tournaments/${ids.cancelled}`),
      await page(`/tournaments/${ids.open}`, 'http://127.0.0.1:9'),
    ]) {
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>BrawlCup</title>');
      expect(html).not.toContain('og:title');
    }
  });

  it('is chosen by SUPABASE_URL with SUPABASE_ANON_KEY, and refuses one without the other', () => {
    expect(frontOptions({})).toBeUndefined();
    expect(frontOptions({ SUPABASE_URL: 'https://xyz.supabase.co/', SUPABASE_ANON_KEY: 'key' })).toEqual({
      supabaseUrl: 'https://xyz.supabase.co',
      anonKey: 'key',
    });
    expect(() => frontOptions({ SUPABASE_URL: 'https://xyz.supabase.co' })).toThrow(/SUPABASE_ANON_KEY/);
    expect(() => frontOptions({ SUPABASE_URL: 'not a url', SUPABASE_ANON_KEY: 'key' })).toThrow(/SUPABASE_URL/);
  });
});
