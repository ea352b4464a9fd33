// PGlite's own thread. WebAssembly cannot be interrupted from outside, so a statement running on
// the server's main thread would freeze every request until it ends, statement_timeout or not
// (PGlite has no timer signals). Here it runs on a worker thread instead: the main thread
// (pglite-host.ts) keeps answering, times each statement by the session's statement_timeout, and
// when one overruns it ends this worker and opens the folder again, as Postgres ends a backend.
//
// Messages in: { id, op: 'query' | 'exec' | 'listen' | 'unlisten' | 'close', sql?, params?, channel? }.
// Messages out: { type: 'ready', timeoutMs } once open, { type: 'reply', id, ... } per message,
// { type: 'notify', channel, payload } per notification.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { fsyncSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { makePrivate } from './private-files.ts';
import { timeoutToMs } from './timeout-setting.ts';

export interface WorkerInput {
  dataDir?: string;
  bootstrapUser: string;
  /** Every session's statement_timeout, as postgresql.conf would set it (already checked: config.ts). */
  statementTimeout?: string;
  /** PGlite's WebAssembly, compiled once per process (pglite-host.ts). */
  assets?: { pglite: WebAssembly.Module; initdb: WebAssembly.Module };
}

export type Request =
  // begin: open a transaction first (a transaction's BEGIN rides with its first statement).
  | { id: number; op: 'query'; sql: string; params?: unknown[]; begin?: boolean }
  | { id: number; op: 'exec'; sql: string; begin?: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' | 'gc' };

export type Reply =
  | { type: 'ready'; timeoutMs: number }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; rows?: unknown[]; rowCount?: number; timeoutMs?: number; error?: SerializedError }
  | { type: 'notify'; channel: string; payload: string };

/** An error as plain data: its message and own fields (code, detail, hint, position...). */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

// PGlite starts Postgres with -F (fsync off), and Emscripten's NODEFS has no fsync at all: a commit
// reached the kernel's page cache, so it survived a killed process but not a power cut. A folder
// on disk therefore gets fsync on, WAL flushed with fsync() (Emscripten's fdatasync is a no-op),
// and an fsync that reaches the disk; and a smaller shared_buffers (below). The rest are PGlite's own
// start parameters.
const DURABLE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  // PGlite's default (about 160 MB, with 5 MB of WAL buffers) is most of an idle server's memory,
  // inside the WebAssembly heap, which never shrinks. Reads past 16 MB come from the kernel's page
  // cache through NODEFS, so a community's database loses little; a 1 GB machine keeps ~90 MB.
  '-c',
  'shared_buffers=16MB',
];

interface NodeFsStream {
  nfd?: number;
}

/** Gives Emscripten's NODEFS the fsync it lacks, so Postgres's fsync() reaches the disk. */
async function makeDurable(db: PGlite): Promise<void> {
  const nodefs = (db as unknown as { Module?: { NODEFS?: { stream_ops?: Record<string, unknown> } } }).Module?.NODEFS;
  if (!nodefs?.stream_ops)
    throw new Error('This PGlite version does not expose NODEFS: cannot make its writes durable.');
  nodefs.stream_ops.fsync = (stream: NodeFsStream) => {
    if (stream.nfd !== undefined) fsyncSync(stream.nfd);
    return 0;
  };
  // Whatever start-up wrote before the fsync existed goes to disk now.
  await db.exec('checkpoint');
}

/**
 * Opens as the bootstrap superuser of every folder made since the hosted roles (a fresh folder is
 * created that way). A folder made before them has postgres as its bootstrap superuser: it is
 * opened as postgres, and migrate reports that its migrations run as a superuser. A folder on disk
 * starts durable (see DURABLE_START_PARAMS).
 */
async function createPglite({ dataDir, bootstrapUser, assets }: WorkerInput): Promise<PGlite> {
  const durable = {
    ...(dataDir ? { startParams: DURABLE_START_PARAMS } : {}),
    ...(assets ? { pgliteWasmModule: assets.pglite, initdbWasmModule: assets.initdb } : {}),
  };
  let db: PGlite;
  if (dataDir) makePrivate(dataDir);
  try {
    db = await PGlite.create({
      dataDir,
      extensions: { pgcrypto },
      username: bootstrapUser,
      initDbStartParams: [`--username=${bootstrapUser}`],
      ...durable,
    });
  } catch (error) {
    if (!(error as Error).message.includes(`role "${bootstrapUser}" does not exist`)) throw error;
    db = await PGlite.create({ dataDir, extensions: { pgcrypto }, ...durable });
  }
  if (dataDir) {
    // A fresh folder's files were just written by PGlite's initdb, readable by every account.
    makePrivate(dataDir);
    await makeDurable(db);
  }
  return db;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // Row values and parameters stay in this thread: they may hold password hashes (see log.ts).
    if (key === 'query' || key === 'params' || key === 'result') continue;
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

// The statements after which statement_timeout may differ: any that names it, and the end of a
// transaction in which one ran (SET LOCAL and set_config(..., true) end with it). Everything else
// leaves it as it was, so it is read only then. The Data API names it in every request's caller
// set-up (context.ts, setCaller): reading it costs that request about 0.2 ms, where pg_settings
// (which builds every setting's row) cost 4-5 ms, twice per request.
const NAMES_TIMEOUT = /statement_timeout/i;
const ENDS_TRANSACTION = /^\s*(commit|rollback|end|abort)\b/i;
/** Whether a statement named statement_timeout since the last transaction ended. */
let timeoutNamed = false;

/** The session's statement_timeout after sql ran, when sql may have changed it. */
async function timeoutAfter(db: PGlite, sql: string): Promise<number | undefined> {
  const named = NAMES_TIMEOUT.test(sql);
  const ended = ENDS_TRANSACTION.test(sql);
  if (named) timeoutNamed = true;
  else if (!(timeoutNamed && ended)) return undefined;
  const ms = await readTimeoutMs(db);
  if (ended && !named && ms !== undefined) timeoutNamed = false;
  return ms;
}

async function readTimeoutMs(db: PGlite): Promise<number | undefined> {
  try {
    const r = await db.query<{ v: string }>("select current_setting('statement_timeout') as v");
    return timeoutToMs(r.rows[0]?.v ?? '');
  } catch {
    return undefined; // in an aborted transaction: the setting is unchanged until it ends
  }
}

async function main(): Promise<void> {
  const port = parentPort!;
  const post = (reply: Reply) => port.postMessage(reply);
  let db: PGlite;
  try {
    db = await createPglite(workerData as WorkerInput);
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) });
    return;
  }
  const unlisteners = new Map<string, () => Promise<void>>();
  const { statementTimeout } = workerData as WorkerInput;
  if (statementTimeout) await db.query("select set_config('statement_timeout', $1, false)", [statementTimeout]);

  // One message at a time, in order: PGlite has one connection.
  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(() => handle(request));
  });

  async function handle(request: Request): Promise<void> {
    try {
      switch (request.op) {
        case 'query': {
          if (request.begin) await db.exec('begin');
          const r = await db.query(request.sql, request.params);
          const timeoutMs = await timeoutAfter(db, request.sql);
          post({ type: 'reply', id: request.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, timeoutMs });
          return;
        }
        case 'exec': {
          if (request.begin) await db.exec('begin');
          await db.exec(request.sql);
          const timeoutMs = await timeoutAfter(db, request.sql);
          post({ type: 'reply', id: request.id, timeoutMs });
          return;
        }
        case 'listen': {
          if (!unlisteners.has(request.channel)) {
            const channel = request.channel;
            unlisteners.set(channel, await db.listen(channel, (payload) => post({ type: 'notify', channel, payload })));
          }
          post({ type: 'reply', id: request.id });
          return;
        }
        case 'unlisten': {
          await unlisteners.get(request.channel)?.();
          unlisteners.delete(request.channel);
          post({ type: 'reply', id: request.id });
          return;
        }
        case 'gc': {
          (globalThis as { gc?: () => void }).gc?.();
          post({ type: 'reply', id: request.id });
          return;
        }
        case 'close': {
          await db.close();
          post({ type: 'reply', id: request.id });
          port.close();
          return;
        }
      }
    } catch (error) {
      post({ type: 'reply', id: request.id, error: serializeError(error) });
    }
  }

  post({ type: 'ready', timeoutMs: (await readTimeoutMs(db)) ?? 0 });
}

/** Run as a child process (pglite-host.ts's initdb): makes a fresh folder, says so, and ends. */
async function makeFolder(input: WorkerInput): Promise<void> {
  const send = (reply: Reply) => new Promise((sent) => process.send!(reply, sent));
  try {
    await (await createPglite(input)).close();
    await send({ type: 'ready', timeoutMs: 0 });
  } catch (error) {
    await send({ type: 'failed', error: serializeError(error) });
  }
  process.disconnect();
}

if (parentPort) void main();
else if (process.send) void makeFolder(JSON.parse(process.argv[2]!) as WorkerInput);
