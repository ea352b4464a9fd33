// Compiles server/ to plain JavaScript for `npm start` (scripts/start.mjs): .tmp/server/main.mjs and
// the PGlite worker beside it, .tmp/server/pglite-worker.mjs. Plain node runs them, so neither the
// serving process nor PGlite's worker thread loads tsx (its loader thread costs about 34 MB in each).
// Only when stale: a source under server/ (or one elsewhere it imports, this script, or package.json)
// newer than the build.
// Packages stay external (node_modules is read as usual); each file is written to a temporary name
// and renamed, main.mjs last, so a build cut short or a second `npm start` building at the same time
// never leaves a half-written file that counts as up to date.
// esbuild comes with tsx (a dependency), so a production install has it.
//   node scripts/build-server.mjs [--force]   (builds if stale; prints what it did)
import { mkdir, readFile, readdir, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_DIR = join(ROOT, '.tmp', 'server');
export const BUILT_MAIN = join(BUILD_DIR, 'main.mjs');
const WORKER = 'pglite-worker.mjs';

async function newestMtime(path) {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry === 'tests' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** The files outside server/ that the last build compiled in (src/lib/schedule.ts, say), from its metafile. */
const OUTSIDE = join(BUILD_DIR, 'inputs-outside-server.json');

/** Whether main.mjs is missing or older than what it is built from. */
export async function serverIsStale() {
  const built = await stat(BUILT_MAIN).catch(() => undefined);
  if (!built) return true;
  const outside = await readFile(OUTSIDE, 'utf8')
    .then((json) => JSON.parse(json).map((path) => join(ROOT, path)))
    .catch(() => []);
  const sources = [join(ROOT, 'server'), join(ROOT, 'package.json'), fileURLToPath(import.meta.url), ...outside];
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))));
  return newest > built.mtimeMs;
}

/** A path as a relative URL ("../../server/db/x.ts"), whatever the platform's separator. */
const urlPath = (from, to) => relative(from, to).split(sep).join('/');

/**
 * Bundled, a module's import.meta.url would be the bundle's: each server/ file's becomes its own
 * source file's again (found from the bundle's at run time, so a moved checkout still works), and
 * whatever it reads beside itself (capture.sql, prelude.sql, the studio's assets) is found there.
 */
const sourceLocations = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const own = `new URL(${JSON.stringify(urlPath(BUILD_DIR, path))}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

/** Builds when stale (or always with force). Resolves to whether it built. */
export async function buildServer({ force = false } = {}) {
  if (!force && !(await serverIsStale())) return false;
  const started = new Date();
  const hostDir = join(ROOT, 'server', 'db');
  // Loaded only to build: scripts/start.mjs checks staleness without it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'server/main.ts', 'pglite-worker': 'server/db/pglite-worker.ts' },
    outdir: BUILD_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // pglite-host.ts starts the compiled worker (plain JavaScript) instead of the TypeScript one.
    define: { PGLITE_WORKER_BUILT: JSON.stringify(urlPath(hostDir, join(BUILD_DIR, WORKER))) },
    plugins: [sourceLocations],
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  await mkdir(BUILD_DIR, { recursive: true });
  const outside = Object.keys(result.metafile.inputs).filter((path) => !/^(server|node_modules)\//.test(path));
  await writeFile(OUTSIDE, JSON.stringify(outside));
  // main.mjs last: its time stamps the build as complete.
  const files = result.outputFiles.sort((a, b) => Number(a.path === BUILT_MAIN) - Number(b.path === BUILT_MAIN));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  // Stamped with when it began: a source saved while it ran is newer, so the next start builds again.
  await utimes(BUILT_MAIN, started, started);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const built = await buildServer({ force: process.argv.includes('--force') });
  console.log(built ? `Compiled server/ into ${relative(ROOT, BUILD_DIR)}/.` : 'The compiled server is up to date.');
}
