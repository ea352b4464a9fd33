// Resident memory of `npm start`'s server (the app built in dist/, PGlite): idle on a fresh and on an
// existing data directory, under the tournament-list load, and with 500 Realtime sockets joined to a
// channel. The server runs in its own process, as `npm start` runs it. See README.md.
//   npx tsx bench/memory/run.ts [--heap-snapshot] [--sockets 500] [--load-seconds 10]
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { appIsStale } from '../../server/build-app.ts';
import { ROOT } from '../../server/tests/helpers.ts';
import { npmStartArgs } from '../../server/tests/server-process.ts';

const { values: args } = parseArgs({
  options: {
    'heap-snapshot': { type: 'boolean', default: false },
    sockets: { type: 'string', default: '500' },
    'load-seconds': { type: 'string', default: '10' },
    'idle-seconds': { type: 'string', default: '10' },
  },
});
const SOCKETS = Number(args.sockets);
const LOAD_SECONDS = Number(args['load-seconds']);
const IDLE_MS = Number(args['idle-seconds']) * 1000;
const TARGET_IDLE_MB = 300;

if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
  console.error('bench/memory: no dist/ (run `npx vite build` first): npm start would build it before serving.');
  process.exit(1);
}
if (await appIsStale(ROOT))
  console.warn('bench/memory: dist/ is older than its sources; npm start builds it again first (in a child process).');

// Bounded: whatever happens, the bench ends (and its server with it, see start()).
const deadline = setTimeout(() => {
  console.error('bench/memory: gave up after 5 minutes');
  process.exit(2);
}, 300_000);
deadline.unref();
const servers = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of servers) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process, MB (Linux /proc; ps elsewhere). */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

interface Server {
  child: ChildProcess;
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

async function start(dataDir: string, extraArgs: string[] = []): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...extraArgs, ...npmStartArgs()], {
    cwd: ROOT,
    // 500 sockets from one address: past Realtime's per-address limit (100), so it is raised here.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      REALTIME_MAX_SOCKETS_PER_IP: String(Math.max(SOCKETS, 100)),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.add(child);
  child.on('exit', () => servers.delete(child));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (/Started: in \d+ ms/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it started:\n${out}`)));
  });
  const anonKey = /anon key: (\S+)/.exec(out)![1]!;
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    anonKey,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Samples the server's RSS every 200 ms while fn runs; the peak and the last sample. */
async function peakDuring(pid: number, fn: () => Promise<unknown>): Promise<{ peak: number; after: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  const after = rssMb(pid);
  return { peak: Math.max(peak, after), after };
}

function listLoad(server: Server): Promise<void> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  // The anonymous tournament list as src/lib/get-tournaments.ts asks for it.
  const url = `${server.url}/rest/v1/tournaments?select=*%2Cphase%2Cchampion&order=created_at.desc`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [bin, '-j', '-c', '50', '-d', String(LOAD_SECONDS), '-H', `apikey=${server.anonKey}`, url],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`autocannon exited ${code}`))));
  });
}

/** n sockets, each joined to the tournaments channel with postgres_changes, as the app's pages join. */
async function openSockets(server: Server, n: number): Promise<WebSocket[]> {
  const url = `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`;
  const sockets: WebSocket[] = [];
  for (let start = 0; start < n; start += 50) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(50, n - start) },
        (_, j) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(url);
            ws.on('error', reject);
            ws.on('close', (code) => reject(new Error(`socket closed (${code}) before it joined`)));
            ws.on('message', (data) => {
              const [, ref, , event, payload] = JSON.parse(data.toString()) as [
                string,
                string,
                string,
                string,
                { status?: string },
              ];
              if (event === 'phx_reply' && ref === 'join') {
                if (payload.status === 'ok') resolve(ws);
                else reject(new Error(JSON.stringify(payload)));
              }
            });
            ws.on('open', () =>
              ws.send(
                JSON.stringify([
                  'join',
                  'join',
                  `realtime:memory-${start + j}`,
                  'phx_join',
                  {
                    config: { postgres_changes: [{ event: '*', schema: 'public', table: 'tournaments' }] },
                    access_token: server.anonKey,
                  },
                ]),
              ),
            );
          }),
      ),
    );
    sockets.push(...batch);
  }
  return sockets;
}

/** The main thread's V8 heap by constructor (self sizes), from a snapshot the server wrote on SIGUSR2. */
async function heapSnapshot(server: Server, dir: string): Promise<void> {
  server.child.kill('SIGUSR2');
  let file: string | undefined;
  for (let i = 0; i < 240 && !file; i++) {
    await sleep(500);
    file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot'));
  }
  if (file) {
    // Written in bursts: complete once it parses (tried again while the size still changes).
    for (let size = -1, tries = 0; tries < 120; tries++) {
      await sleep(1000);
      const now = statSync(join(dir, file)).size;
      if (now !== size) {
        size = now;
        continue;
      }
      try {
        JSON.parse(readFileSync(join(dir, file), 'utf8'));
        break;
      } catch {
        size = -1;
      }
    }
  }
  if (!file) return console.log('  (no heap snapshot written)');
  const snap = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byName = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + iType!]!]!;
    const name = type === 'object' || type === 'native' ? snap.strings[snap.nodes[i + iName!]!]! : `(${type})`;
    const size = snap.nodes[i + iSize!]!;
    total += size;
    byName.set(name, (byName.get(name) ?? 0) + size);
  }
  console.log(
    `  heap snapshot (${join(dir, file)}): main thread's V8 heap ${(total / 2 ** 20).toFixed(1)} MB, largest:`,
  );
  for (const [name, size] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`    ${(size / 2 ** 20).toFixed(1).padStart(6)} MB  ${name.slice(0, 80)}`);
}

/** RSS split as the kernel sees it: anonymous memory (heaps, WebAssembly) and mapped files (code). */
function rssSplit(pid: number): string {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (k: string) => (Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? NaN) / 1024).toFixed(0);
    return ` (anonymous ${mb('RssAnon')} MB, files ${mb('RssFile')} MB)`;
  } catch {
    return '';
  }
}

const results: { name: string; value: number; unit: string; target?: string }[] = [];
const report = (name: string, what: string, mb: number, pid: number, target?: number) => {
  console.log(
    `  ${what.padEnd(44)} ${mb.toFixed(0).padStart(5)} MB${rssSplit(pid)}${target ? `  target under ${target} MB: ${mb < target ? 'met' : 'NOT met'}` : ''}`,
  );
  results.push({
    name: `memory.${name}`,
    value: Math.round(mb),
    unit: 'MB',
    ...(target ? { target: `< ${target}` } : {}),
  });
};

const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-memory-'));
const snapDir = await mkdtemp(join(tmpdir(), 'brawlcup-heap-'));
try {
  console.log(`npm start's server (node ${npmStartArgs().join(' ')}) on PGlite: resident memory (RSS)`);
  let server = await start(dataDir);
  await sleep(IDLE_MS);
  report(
    'idle_fresh_rss',
    `idle, fresh data directory (${IDLE_MS / 1000} s after start)`,
    rssMb(server.child.pid!),
    server.child.pid!,
    TARGET_IDLE_MB,
  );
  await server.stop();

  server = await start(
    dataDir,
    args['heap-snapshot'] ? [`--heapsnapshot-signal=SIGUSR2`, `--diagnostic-dir=${snapDir}`] : [],
  );
  const pid = server.child.pid!;
  await sleep(IDLE_MS);
  report('idle_existing_rss', `idle, existing data directory`, rssMb(pid), pid, TARGET_IDLE_MB);
  if (args['heap-snapshot']) await heapSnapshot(server, snapDir);

  const load = await peakDuring(pid, () => listLoad(server));
  report('list_load_peak_rss', `tournament list, 50 connections, ${LOAD_SECONDS} s: peak`, load.peak, pid);
  report('list_load_after_rss', `  right after the load`, load.after, pid);

  let sockets: WebSocket[] = [];
  const opened = await peakDuring(pid, async () => (sockets = await openSockets(server, SOCKETS)));
  await sleep(3000);
  report(
    'sockets_rss',
    `${sockets.length} Realtime sockets joined to a channel`,
    Math.max(opened.peak, rssMb(pid)),
    pid,
  );
  for (const ws of sockets) ws.terminate();
  await server.stop();
} finally {
  await rm(dataDir, { recursive: true, force: true });
  if (!args['heap-snapshot']) await rm(snapDir, { recursive: true, force: true });
}
for (const result of results) console.log(`RESULT ${JSON.stringify(result)}`);
process.exit(0);
