// Starts a real local stack for a test file: a fresh temporary PGlite folder, or a fresh database
// on this machine's PostgreSQL (127.0.0.1:5432) when `postgres: true`. Port 0, quiet.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readOptions, type StackOptions } from '../config.ts';
import { startStack, type RunningStack } from '../stack.ts';
import { BOOTSTRAP_USER, openDatabase } from '../db/database.ts';

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

// PGlite's initdb (a WebAssembly Postgres creating its cluster) is most of a fresh folder's start:
// about 5 s, 10 s on a loaded machine, against about a second to copy and open a made one. So the
// first fresh folder a test asks for is initdb'ed once into .tmp/pglite-initdb/<key>/ and every
// fresh test folder starts as a copy of it. Only initdb is shared: prelude, migrations, seed, keys
// and the administrator still happen on each copy at its first start, as on an operator's first
// `npm start`. The key changes with PGlite's version and with how the worker creates a cluster.
const TEMPLATES = join(ROOT, '.tmp', 'pglite-initdb');
let templateKey: Promise<string> | undefined;
let template: Promise<string> | undefined;

async function pgliteTemplateKey(): Promise<string> {
  const require = createRequire(import.meta.url);
  // (The package exports no package.json: it is beside dist/, where the entry point is.)
  const pgliteDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
  const hash = createHash('sha256');
  hash.update(BOOTSTRAP_USER);
  hash.update(await readFile(join(pgliteDir, 'package.json')));
  hash.update(await readFile(join(ROOT, 'server/db/pglite-worker.ts')));
  return hash.digest('hex').slice(0, 16);
}

/** A cluster just made by PGlite's initdb (through our worker) and closed, nothing run in it since. */
export function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    templateKey ??= pgliteTemplateKey();
    const key = await templateKey;
    const ready = join(TEMPLATES, key);
    if (existsSync(join(ready, 'PG_VERSION'))) return ready;
    // Made aside and renamed into place, so a copy never sees half a cluster; another test process
    // making the same one at the same time wins or loses the rename, both folders are alike.
    await mkdir(TEMPLATES, { recursive: true });
    const building = await mkdtemp(join(TEMPLATES, `${key}.building-`));
    const db = await openDatabase({ dataDir: building });
    await db.close();
    try {
      await rename(building, ready);
      // Folders of other keys (an older PGlite) are of no further use.
      for (const name of await readdir(TEMPLATES))
        if (!name.startsWith(key)) await rm(join(TEMPLATES, name), { recursive: true, force: true });
    } catch {
      await rm(building, { recursive: true, force: true });
    }
    return ready;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/**
 * Puts PGlite's freshly initdb'ed cluster in `<dataDir>/pgdata` (a copy of pgliteTemplate()), for a
 * data folder the stack then opens for the first time. Nothing of ours has run in it yet.
 */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await cp(await pgliteTemplate(), join(dataDir, 'pgdata'), { recursive: true, errorOnExist: true, force: false });
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
  /**
   * A fresh PGlite folder runs PGlite's own initdb instead of starting as a copy of the initdb'ed
   * template (for the tests of a first start on an empty folder).
   */
  initdb?: boolean;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const { postgres, initdb, ...stackOptions } = options;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'brawlcup-test-')));
  let databaseUrl = options.databaseUrl;
  let dropDb: (() => Promise<void>) | undefined;
  if (postgres && !databaseUrl) {
    const created = await createPgDatabase();
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  if (!databaseUrl && !options.dataDir && !initdb) await copyPgliteTemplate(dataDir);
  const base = readOptions({}, ROOT);
  const stack = await startStack({
    ...base,
    staticDir: undefined,
    // Every test file signs up and in from 127.0.0.1: limits only where a test asks for them.
    rateLimits: undefined,
    // Deno and the dispatcher only where a test asks for them (notify tests, the journeys' npm start).
    notify: { ...base.notify!, edgeFunctions: false },
    ...stackOptions,
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

/** A project folder whose supabase/config.toml is `toml`, for readOptions to read as the CLI reads it. */
export async function projectWithConfig(toml: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'brawlcup-config-'));
  await mkdir(join(root, 'supabase'));
  await writeFile(join(root, 'supabase', 'config.toml'), toml);
  return root;
}
