// Starts a real local stack for a test file: a fresh temporary PGlite folder, or a fresh database
// on this machine's PostgreSQL (127.0.0.1:5432) when `postgres: true`. Port 0, quiet.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readOptions, type StackOptions } from '../config.ts';
import { startStack, type RunningStack } from '../stack.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestStack extends RunningStack {
  dataDir: string;
  databaseUrl?: string;
  /** A new supabase-js client as anon (no session kept between clients). */
  client(): SupabaseClient;
  /** A supabase-js client with the service_role key. */
  service(): SupabaseClient;
  /** Stops the server but keeps the data (for restart tests). */
  stop(): Promise<void>;
  /** Stops (if running) and deletes the data. */
  destroy(): Promise<void>;
}

/** Creates an empty database on the machine's PostgreSQL and returns its URL. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `brawlcup_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function makeClient(url: string, key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: WebSocket as never },
  });
}

export interface TestStackOptions extends Partial<StackOptions> {
  postgres?: boolean;
  /** A fixed port (restart tests start a second stack where the first one was); default 0, any free port. */
  port?: number;
  /** Reuse an existing data folder / database (restart tests). */
  dataDir?: string;
  databaseUrl?: string;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'brawlcup-test-')));
  let databaseUrl = options.databaseUrl;
  let dropDb: (() => Promise<void>) | undefined;
  if (options.postgres && !databaseUrl) {
    const created = await createPgDatabase();
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  const base = readOptions({}, ROOT);
  const stack = await startStack({
    ...base,
    staticDir: undefined,
    // Every test file signs up and in from 127.0.0.1: limits only where a test asks for them.
    rateLimits: undefined,
    ...options,
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    quiet: true,
  });
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await stack.close();
    }
  };
  return {
    ...stack,
    dataDir,
    databaseUrl,
    client: () => makeClient(stack.url, stack.ctx.keys.anonKey),
    service: () => makeClient(stack.url, stack.ctx.keys.serviceRoleKey),
    stop,
    async destroy() {
      await stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      await dropDb?.();
    },
  };
}

/** A fresh address for a test user. */
export function testEmail(prefix = 'player'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}
