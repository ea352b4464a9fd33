// `[storage]` of config.toml read as the Supabase CLI reads it (sizes, buckets, env() overrides), and
// what Storage answers without a database: its error shape for a bad token, an unknown route, and no
// /storage/v1 at all when `[storage] enabled = false`.
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { readOptions } from '../config.ts';
import { loadKeys } from '../keys.ts';
import type { ServerContext } from '../context.ts';
import { storageRoutes } from '../storage/routes.ts';
import { parseSize } from '../storage/settings.ts';
import { projectWithConfig } from './helpers.ts';

describe('[storage] of config.toml', () => {
  const roots: string[] = [];
  afterAll(async () => {
    await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  });
  const storageOf = async (toml: string, env: NodeJS.ProcessEnv = {}) => {
    const root = await projectWithConfig(toml);
    roots.push(root);
    return readOptions(env, root).storage;
  };

  it('reads sizes as the CLI does: MB and MiB are both 1024 x 1024 bytes, a bare number is bytes', () => {
    expect(parseSize('5MiB')).toBe(5 * 1024 * 1024);
    expect(parseSize('5MB')).toBe(5 * 1024 * 1024);
    expect(parseSize('500KB')).toBe(500 * 1024);
    expect(parseSize('1GiB')).toBe(1024 ** 3);
    expect(parseSize(2048)).toBe(2048);
    expect(parseSize('five megabytes')).toBeUndefined();
  });

  it('has the CLI defaults when the section is missing, and the declared buckets with their limits', async () => {
    expect(await storageOf('')).toMatchObject({ fileSizeLimit: 50 * 1024 * 1024, buckets: {} });
    const settings = await storageOf(
      '[storage]\nfile_size_limit = "10MiB"\n[storage.buckets.shots]\npublic = true\nfile_size_limit = "1MB"\nallowed_mime_types = ["image/*"]\n',
    );
    expect(settings).toMatchObject({
      fileSizeLimit: 10 * 1024 * 1024,
      buckets: { shots: { public: true, fileSizeLimit: 1024 * 1024, allowedMimeTypes: ['image/*'] } },
    });
    expect(await storageOf('[storage]\nenabled = false\n')).toBeUndefined();
    expect(await storageOf('[storage]\nenabled = true\n', { SUPABASE_STORAGE_ENABLED: 'false' })).toBeUndefined();
  });

  it('names the key of a size it cannot read', async () => {
    await expect(storageOf('[storage.buckets.shots]\nfile_size_limit = "lots"\n')).rejects.toThrow(
      '[storage.buckets.shots] file_size_limit = "lots" is not a size',
    );
  });
});

describe('Storage without a database', () => {
  it("answers a bad token and an unknown route in storage's shape", async () => {
    const keys = await loadKeys(undefined, 'a-test-secret-of-enough-length-for-hs256');
    const ctx = { keys } as unknown as ServerContext;
    const app = new Hono().route(
      '/storage/v1',
      storageRoutes(ctx, { root: '/nonexistent', fileSizeLimit: 1, buckets: {} }),
    );
    const bad = await app.request('/storage/v1/object/evidence/a/b.png', {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    const none = await app.request('/storage/v1/bucket');
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Route not found' });
  });
});
