// supabase/config.toml's [auth] site_url, read as the Supabase CLI reads it, is the site URL the
// stack's absolute URLs use (reset links, og:url, the CSP); a loopback one means the stack itself.
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { readOptions } from '../config.ts';
import { projectWithConfig } from './helpers.ts';

describe('[auth] site_url', () => {
  const roots: string[] = [];
  afterAll(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });
  const siteUrlOf = async (toml: string, env: NodeJS.ProcessEnv = {}) => {
    const root = await projectWithConfig(toml);
    roots.push(root);
    return readOptions(env, root).siteUrl;
  };

  it('is the configured URL, with env() and SUPABASE_AUTH_SITE_URL as the CLI reads them', async () => {
    expect(await siteUrlOf('[auth]\nsite_url = "https://cup.example"\n')).toBe('https://cup.example');
    expect(await siteUrlOf('[auth]\nsite_url = "env(CUP_SITE)"\n', { CUP_SITE: 'https://env.example' })).toBe(
      'https://env.example',
    );
    expect(
      await siteUrlOf('[auth]\nsite_url = "https://cup.example"\n', {
        SUPABASE_AUTH_SITE_URL: 'https://override.example',
      }),
    ).toBe('https://override.example');
    expect(await siteUrlOf('[auth]\nsite_url = "https://cup.example"\n', { SITE_URL: 'https://site.example' })).toBe(
      'https://site.example',
    );
  });

  it('leaves a loopback URL, an unset env() or none to the address the stack listens on', async () => {
    expect(await siteUrlOf('[auth]\nsite_url = "http://127.0.0.1:3000"\n')).toBeUndefined();
    expect(await siteUrlOf('[auth]\nsite_url = "http://localhost:5173"\n')).toBeUndefined();
    expect(await siteUrlOf('[auth]\nsite_url = "env(NOT_SET_ANYWHERE)"\n')).toBeUndefined();
    expect(await siteUrlOf('[api]\nenabled = true\n')).toBeUndefined();
  });
});
