// Starts a real local stack for a test file: a fresh temporary PGlite folder, or a fresh database
// on this machine's PostgreSQL (127.0.0.1:5432) when `postgres: true`. Port 0, quiet.
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
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
// fresh test folder starts as a copy of it. On that copy the stack's own first start then runs
// prelude, migrations, seed and the administrator, as on an operator's first `npm start` (and a
// default stack starts from a copy of such a first start: migratedTemplate() below). The key
// changes with PGlite's version and with how the worker creates a cluster.
const TEMPLATES = join(ROOT, '.tmp', 'pglite-initdb');
let templateKey: Promise<string> | undefined;
let template: Promise<string> | undefined;

/** The initdb template's key, worked out once per process. */
const initdbKey = () => (templateKey ??= pgliteTemplateKey());

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

/**
 * `<root>/<key>`, a cluster `build` makes in a folder of its own and returns (that folder or one in
 * it), made once: aside, then renamed into place, so a copy never sees half a cluster. Another test
 * process making the same one at the same time wins or loses the rename; both are alike. Folders
 * of other keys (an older PGlite, older migrations) are of no further use and go.
 */
async function madeOnce(root: string, key: string, build: (folder: string) => Promise<string>): Promise<string> {
  const ready = join(root, key);
  if (existsSync(join(ready, 'PG_VERSION'))) return ready;
  await mkdir(root, { recursive: true });
  const building = await mkdtemp(join(root, `${key}.building-`));
  try {
    await rename(await build(building), ready).catch(() => undefined);
    for (const name of await readdir(root))
      if (!name.startsWith(key)) await rm(join(root, name), { recursive: true, force: true });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return ready;
}

/** A cluster just made by PGlite's initdb (through our worker) and closed, nothing run in it since. */
export function pgliteTemplate(): Promise<string> {
  template ??= initdbKey().then((key) =>
    madeOnce(TEMPLATES, key, async (folder) => {
      const cluster = join(folder, 'pgdata');
      await (await openDatabase({ dataDir: cluster })).close();
      return cluster;
    }),
  );
  template.catch(() => (template = undefined));
  return template;
}

/**
 * Copies a cluster's folder, every file at once (fs.cp copies one after another, with checks a
 * cluster of about 1,200 small files does not need: 1 to 3 s against 0.2 to 1 s). Fails on an
 * existing file.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyTree(join(from, entry.name), join(to, entry.name))
        : copyFile(join(from, entry.name), join(to, entry.name), constants.COPYFILE_EXCL),
    ),
  );
}

/**
 * Puts PGlite's freshly initdb'ed cluster in `<dataDir>/pgdata` (a copy of pgliteTemplate()), for a
 * data folder the stack then opens for the first time. Nothing of ours has run in it yet.
 */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await copyTree(await pgliteTemplate(), join(dataDir, 'pgdata'));
}

// Migrating a fresh PGlite folder (prelude, every migration, seed, the administrator) is the rest
// of a first start: 1.5 s and 2.0 CPU-s a stack, against 0.9 s and 1.2 CPU-s from a migrated copy
// (quiet machine), and most test files start one or more. So a stack
// with the project's own schema and the default administrator starts from a copy of one made by a
// real first start, once per run, in .tmp/pglite-migrated/<key>/: migrate() then finds every
// migration applied, as on any later start. The key covers what a first start depends on (the
// initdb template, the migrations, seed and config.toml, the server's code) and the UTC day, since
// the seed's tournaments are dated from now(). Keys and files are not copied: each stack still
// makes its own JWT secret. Tests of the first start itself pass `firstStart` (or `initdb`).
const MIGRATED = join(ROOT, '.tmp', 'pglite-migrated');
let migrated: Promise<string> | undefined;

/** Every file under a folder, as full paths in order, but those under `skip`. */
async function filesUnder(dir: string, skip?: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !skip || !path.startsWith(skip + sep))
    .sort();
}

async function migratedTemplateKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await initdbKey());
  hash.update(new Date().toISOString().slice(0, 10));
  const sources = [
    ...(await filesUnder(join(ROOT, 'supabase', 'migrations'))),
    join(ROOT, 'supabase', 'seed.sql'),
    join(ROOT, 'supabase', 'config.toml'),
    ...(await filesUnder(join(ROOT, 'server'), join(ROOT, 'server', 'tests'))),
  ];
  for (const file of sources) {
    hash.update(file);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The `pgdata` of a default stack's first start (migrated, seeded, administrator made), then closed. */
function migratedTemplate(): Promise<string> {
  migrated ??= (async () =>
    madeOnce(MIGRATED, await migratedTemplateKey(), async (folder) => {
      await copyPgliteTemplate(folder);
      await (await startTestStack({ dataDir: folder })).stop();
      return join(folder, 'pgdata');
    }))();
  migrated.catch(() => (migrated = undefined));
  return migrated;
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
  /**
   * A fresh PGlite folder is migrated, seeded and given its administrator by this start, instead of
   * starting as a copy of a default stack's first start (for tests of what a first start does).
   */
  firstStart?: boolean;
}

/** A first start like the default one: the project's schema, the default administrator and API. */
function isDefaultFirstStart(options: TestStackOptions): boolean {
  const differs: (keyof TestStackOptions)[] = [
    'postgres',
    'dataDir',
    'databaseUrl',
    'initdb',
    'firstStart',
    'supabaseDir',
    'adminEmail',
    'adminPassword',
    'apiAutoExposeNewTables',
  ];
  return differs.every((name) => options[name] === undefined || options[name] === false);
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const { postgres, initdb, firstStart: _, ...stackOptions } = options;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'brawlcup-test-')));
  let databaseUrl = options.databaseUrl;
  let dropDb: (() => Promise<void>) | undefined;
  if (postgres && !databaseUrl) {
    const created = await createPgDatabase();
    databaseUrl = created.url;
    dropDb = created.drop;
  }
  if (isDefaultFirstStart(options)) {
    await copyTree(await migratedTemplate(), join(dataDir, 'pgdata'));
  } else if (!databaseUrl && !options.dataDir && !initdb) {
    await copyPgliteTemplate(dataDir);
  }
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
