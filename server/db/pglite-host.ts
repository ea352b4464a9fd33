// PGlite behind a worker thread (pglite-worker.ts), so that a slow statement cannot freeze the
// server and statement_timeout means on PGlite what it means on Postgres: the statement is cut and
// its caller gets 57014 "canceling statement due to statement timeout".
//
// PGlite has one connection. Everything goes through one lock: a transaction holds it from BEGIN
// to COMMIT, so nothing of anyone else's runs inside it (Postgres's isolation, without the
// parallelism). Each statement is timed on this thread with the session's statement_timeout, which
// the worker reports whenever a statement may have changed it. When a statement overruns:
// - a folder on disk: the worker is ended and the folder opened again. Postgres recovers from its
//   write-ahead log as after a crash, so every committed transaction is there and the cut one is
//   gone, as if Postgres had cancelled it. Requests wait the reopening (about a second);
// - in memory (tests only): ending the worker would lose the database, so the caller gets 57014 on
//   time, but the statement runs to its end in the worker and whatever comes next waits for it.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from './database.ts';
import type { Reply, Request, SerializedError, WorkerInput } from './pglite-worker.ts';

/** Set in the compiled server (scripts/build-server.mjs): the compiled worker, from this file's folder. */
declare const PGLITE_WORKER_BUILT: string | undefined;
const WORKER_URL = new URL(
  typeof PGLITE_WORKER_BUILT === 'string' ? PGLITE_WORKER_BUILT : './pglite-worker.ts',
  import.meta.url,
);

/** A file of the tsx package, as a URL. */
const tsxFile = (path: string) =>
  new URL(path, pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;

/**
 * The worker's entry. Compiled, it is plain JavaScript. Run as TypeScript (tsx, vitest), it is a
 * line of JavaScript that puts tsx's loader in place in the worker, then imports the worker.
 */
function workerEntry(): { entry: string | URL; eval: boolean } {
  if (!WORKER_URL.pathname.endsWith('.ts')) return { entry: WORKER_URL, eval: false };
  // (tsx's package.json maps `tsx/esm/api` to this file for import; require would give the CommonJS one.)
  const tsxApi = tsxFile('dist/esm/api/index.mjs');
  const worker = JSON.stringify(WORKER_URL.href);
  return { entry: `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${worker}, ${worker}))`, eval: true };
}

/** An error raised by Postgres in the worker, with its fields (code, detail, hint...) back on it. */
export function revive(error: SerializedError): Error {
  const { message, name, ...fields } = error;
  return Object.assign(new Error(message), fields, { name });
}

function statementTimeout(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    name: 'DatabaseError',
    code: '57014',
    severity: 'ERROR',
  });
}

function connectionLost(): Error {
  // What a client sees from Postgres when its backend is gone in the middle of a transaction.
  return Object.assign(new Error('terminating connection: the transaction was cut by a statement time-out'), {
    name: 'DatabaseError',
    code: '57P01',
    severity: 'FATAL',
  });
}

type Op = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(reply: Extract<Reply, { type: 'reply' }>): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

/** A simple FIFO lock. */
class Lock {
  private tail = Promise.resolve();
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const previous = this.tail;
    this.tail = previous.then(() => next);
    await previous;
    return release;
  }
}

// PGlite's WebAssembly, compiled once per process: a worker opened again after a time-out (or a
// second database in tests) starts about a second sooner than if it compiled it itself. (A compiled
// module is shared with the worker, not copied. PGlite's file bundle is not kept here: each worker
// reads its own, which it needs only while it starts.)
let assets: Promise<NonNullable<WorkerInput['assets']>> | undefined;
function pgliteAssets(): Promise<NonNullable<WorkerInput['assets']>> {
  assets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((b) => WebAssembly.compile(b)),
      readFile(join(dist, 'initdb.wasm')).then((b) => WebAssembly.compile(b)),
    ]);
    return { pglite, initdb };
  })();
  return assets;
}

/**
 * A fresh folder is made by a child process that ends before the serving worker starts: PGlite's
 * initdb runs a second Postgres beside the first, and what it used stays with the process that ran
 * it (a worker's WebAssembly memory never shrinks, and the C allocator keeps what a thread freed),
 * about 80 MB of an idle server's memory for good. An ended process gives it all back.
 */
function initdb({ assets: _compiled, ...input }: WorkerInput): Promise<void> {
  const worker = fileURLToPath(WORKER_URL);
  // (`tsx` itself, what `--import tsx` loads, found from here rather than from the working folder.)
  const execArgv = worker.endsWith('.ts') ? ['--import', tsxFile('dist/loader.mjs')] : [];
  return new Promise((resolve, reject) => {
    const child = fork(worker, [JSON.stringify(input)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let made = false;
    child.on('message', (reply: Reply) => {
      if (reply.type === 'ready') made = true;
      else if (reply.type === 'failed') reject(revive(reply.error));
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      made ? resolve() : reject(new Error(`The process making the PGlite folder stopped (exit code ${code}).`)),
    );
  });
}

export async function openPglite(options: Omit<WorkerInput, 'assets'>): Promise<Database> {
  const input: WorkerInput = { ...options, assets: await pgliteAssets() };
  if (input.dataDir !== undefined && !existsSync(join(input.dataDir, 'PG_VERSION'))) await initdb(input);
  const reopenable = input.dataDir !== undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const lock = new Lock();
  let worker!: Worker;
  let pending = new Map<number, Pending>();
  let nextId = 1;
  // The session's statement_timeout in ms (0: none), as the worker last reported it.
  let timeoutMs = 0;
  // Bumped each time the worker is replaced: a transaction begun in an older one is gone.
  let generation = 0;
  let ready: Promise<void>;
  let closed = false;
  const exited = new WeakSet<Worker>();

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const { entry, eval: isEval } = workerEntry();
      const w = new Worker(entry, { eval: isEval, workerData: input, execArgv: [] });
      worker = w;
      const mine = pending;
      w.on('message', (reply: Reply) => {
        if (reply.type === 'ready') {
          timeoutMs = reply.timeoutMs;
          resolve();
        } else if (reply.type === 'failed') {
          reject(revive(reply.error));
          void w.terminate();
        } else if (reply.type === 'notify') {
          for (const h of handlers.get(reply.channel) ?? []) h(reply.payload);
        } else {
          const p = mine.get(reply.id);
          if (!p) return;
          mine.delete(reply.id);
          clearTimeout(p.timer);
          p.resolve(reply);
        }
      });
      w.on('error', (error) => {
        reject(error);
        for (const p of mine.values()) p.reject(error);
        mine.clear();
      });
      w.on('exit', () => {
        exited.add(w);
        for (const p of mine.values()) p.reject(connectionLost());
        mine.clear();
        reject(new Error('The PGlite worker stopped while opening the database.'));
      });
    });

  /** Ends the worker running an overlong statement and opens the folder again. */
  const replace = (): void => {
    const old = worker;
    const oldPending = pending;
    pending = new Map();
    generation++;
    ready = (async () => {
      await old.terminate();
      exited.add(old);
      for (const p of oldPending.values()) p.reject(connectionLost());
      if (closed) return;
      await start().catch((error) => {
        console.error('[db] PGlite could not be opened again after a statement time-out:', error);
        throw error;
      });
      for (const channel of handlers.keys()) await send({ op: 'listen', channel });
    })();
  };

  // In memory, a statement past its time-out still runs to its end: until it does, nothing else is
  // sent (or timed), so the next statements are timed from when they can start.
  let draining: Promise<void> | undefined;

  const send = async (op: Op): Promise<Extract<Reply, { type: 'reply' }>> => {
    while (draining) await draining;
    if (exited.has(worker)) throw connectionLost();
    const timed = op.op === 'query' || op.op === 'exec' ? timeoutMs : 0;
    const id = nextId++;
    const into = pending;
    return new Promise((resolve, reject) => {
      const p: Pending = { resolve, reject };
      into.set(id, p);
      if (timed > 0)
        p.timer = setTimeout(() => {
          if (into.get(id) !== p) return;
          reject(statementTimeout());
          if (reopenable) {
            into.delete(id);
            replace();
            return;
          }
          draining = new Promise<void>((drained) => {
            p.resolve = p.reject = () => {
              draining = undefined;
              drained();
            };
          });
        }, timed);
      worker.postMessage({ ...op, id } as Request);
    });
  };

  /** Sends one statement; settles the session's time-out from the reply. */
  const run = async (op: Op): Promise<Extract<Reply, { type: 'reply' }>> => {
    await ready;
    const reply = await send(op);
    if (reply.timeoutMs !== undefined) timeoutMs = reply.timeoutMs;
    if (reply.error) throw revive(reply.error);
    return reply;
  };

  /** alive() throws when the statement may not be sent; begin() says whether it opens the transaction. */
  const queryable = (alive: () => void, begin: () => boolean = () => false): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      alive();
      const r = await run({ op: 'query', sql, params, begin: begin() });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      alive();
      await run({ op: 'exec', sql, begin: begin() });
    },
  });

  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await lock.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };

  const outside = queryable(() => {});
  ready = start();
  await ready;

  return {
    kind: 'pglite',
    location: input.dataDir ?? 'memory://',
    query: (sql, params) => locked(() => outside.query(sql, params)),
    exec: (sql) => locked(() => outside.exec(sql)),
    async transaction(fn) {
      const release = await lock.acquire();
      let releaseLater = false;
      try {
        await ready;
        const mine = generation;
        const alive = () => {
          if (generation !== mine) throw connectionLost();
        };
        // BEGIN goes with the transaction's first statement: one message (and one wait for this
        // thread) fewer per transaction, while the transaction holds the one connection.
        let begun = false;
        const begin = () => !begun && (begun = true);
        try {
          const result = await fn(queryable(alive, begin));
          alive();
          if (begun) await run({ op: 'exec', sql: 'commit' });
          return result;
        } catch (error) {
          if (generation === mine && begun) {
            const rollback = run({ op: 'exec', sql: 'rollback' }).catch(() => {});
            // A statement cut in memory is still running: the caller hears of it now, and the
            // connection is given back once the rollback behind it is done.
            if (draining) {
              releaseLater = true;
              void rollback.finally(release);
            } else await rollback;
          }
          throw error;
        }
      } finally {
        if (!releaseLater) release();
      }
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await locked(() => run({ op: 'listen', channel }));
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    async collectGarbage() {
      await locked(() => run({ op: 'gc' }));
    },
    async close() {
      if (closed) return;
      await locked(async () => {
        closed = true;
        await ready.catch(() => {});
        if (!exited.has(worker)) await send({ op: 'close' }).catch(() => {});
        await worker.terminate();
      });
    },
  };
}
