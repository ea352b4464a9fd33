// Runs upstream's postgrest-js test suite (supabase/supabase-js, packages/core/postgrest-js/test) at
// a pinned commit against the local stack, with upstream's own fixture, and prints what passed and
// why the rest failed. See README.md.
//   npx tsx bench/postgrest-js/run.ts <supabase-js checkout> [--postgres]
import { execFile } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { readOptions } from '../../server/config.ts';
import { ROOT, startTestStack, type TestStack } from '../../server/tests/helpers.ts';
import { startHostedPostgres, type HostedPostgres } from '../../server/tests/hosted-postgres.ts';

/** supabase/supabase-js at the commit these figures are for. */
export const PINNED_COMMIT = '381bded5ced48c4621830576bf8cbecc34edc85c';
const PACKAGE = 'packages/core/postgrest-js';
/** Where upstream's tests send their requests (`REST_URL` in every test file). */
const UPSTREAM_PORT = 54321;

const run = promisify(execFile);
const checkout = process.argv.slice(2).find((a) => !a.startsWith('--'));
const postgres = process.argv.includes('--postgres');
if (!checkout) {
  console.error('usage: npx tsx bench/postgrest-js/run.ts <supabase-js checkout> [--postgres]');
  process.exit(2);
}

/** Upstream's package and its base tsconfig at the pinned commit, whatever the checkout has checked out. */
async function extract(into: string): Promise<string> {
  await rm(into, { recursive: true, force: true });
  await mkdir(into, { recursive: true });
  const archive = join(into, 'upstream.tar');
  await run('git', ['-C', resolve(checkout!), 'archive', '-o', archive, PINNED_COMMIT, PACKAGE, 'tsconfig.base.json']);
  await run('tar', ['-xf', archive, '-C', into]);
  return join(into, PACKAGE);
}

/**
 * The fixture's migration as upstream wrote it, except where it needs PostGIS and this database has
 * none: no `create extension postgis`, and the one geometry column (shops.shop_geom) is text, which
 * the seed's EWKT fills. The changes are printed.
 */
async function fixtureWithoutPostgis(supabaseDir: string, hasPostgis: boolean): Promise<string[]> {
  if (hasPostgis) return [];
  const file = join(supabaseDir, 'migrations/00000000000000_schema.sql');
  const changes: string[] = [];
  const sql = (await readFile(file, 'utf8'))
    .replace(/^create extension if not exists postgis.*$/im, (line) => {
      changes.push(`left out: ${line.trim()}`);
      return '';
    })
    .replace(/extensions\.geometry\(POINT, 4326\)/i, (type) => {
      changes.push(`shops.shop_geom is text instead of ${type}`);
      return 'text';
    });
  await writeFile(file, sql);
  return changes;
}

/** PGlite has no PostGIS; a Postgres has it when its packages are installed. */
async function hasPostgis(cluster: HostedPostgres | undefined): Promise<boolean> {
  if (!cluster) return false;
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_available_extensions where name = 'postgis'")).rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * The Supabase CLI's gateway in front of the Data API passes a request without an API key on to
 * PostgREST, which runs it as anon; upstream's tests send none. This stands in for that gateway on
 * upstream's port: a request with no apikey and no Authorization gets the anon key.
 */
function gateway(stack: TestStack): Promise<Server> {
  const server = createServer((req, res) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: `127.0.0.1:${stack.port}` };
    if (!headers.apikey && !headers.authorization) headers.apikey = stack.ctx.keys.anonKey;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: stack.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(UPSTREAM_PORT, 'localhost', () => done(server));
  });
}

interface Assertion {
  ancestorTitles: string[];
  title: string;
  status: string;
}
interface LoggedAnswer {
  file: string;
  test: string;
  method: string;
  path: string;
  status: number;
  code?: string;
  message?: string;
}

/** Why a test failed: the first request that got an error, or else its answers differed from upstream's. */
function cause(answers: LoggedAnswer[]): string {
  const refused = answers.find((a) => a.status >= 300);
  if (refused) return `${refused.status} ${refused.code ?? ''} ${refused.message ?? ''}`.replace(/\s+/g, ' ').trim();
  return answers.length
    ? `answered ${answers.map((a) => a.status).join(', ')}, but not what upstream expects`
    : 'no request reached the Data API';
}

async function report(resultsFile: string, logFile: string): Promise<{ passed: number; failed: number }> {
  const results = JSON.parse(await readFile(resultsFile, 'utf8')) as {
    testResults: { name: string; assertionResults: Assertion[] }[];
  };
  const answers = (await readFile(logFile, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedAnswer);
  const causes = new Map<string, string[]>();
  let passed = 0;
  let failed = 0;
  for (const file of results.testResults.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = file.name.slice(file.name.lastIndexOf('/test/') + 6);
    const ok = file.assertionResults.filter((t) => t.status === 'passed').length;
    const bad = file.assertionResults.filter((t) => t.status === 'failed');
    console.log(`  ${name}: ${ok} passed, ${bad.length} failed`);
    passed += ok;
    failed += bad.length;
    for (const t of bad) {
      const full = [...t.ancestorTitles, t.title].join(' > ');
      const why = cause(answers.filter((a) => a.file === file.name && a.test === full));
      causes.set(why, [...(causes.get(why) ?? []), `${name}: ${full}`]);
    }
  }
  if (causes.size) console.log('\nFailures by cause:');
  for (const [why, tests] of [...causes].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`- ${tests.length} x ${why}`);
    for (const t of tests) console.log(`    ${t}`);
  }
  return { passed, failed };
}

const work = join(ROOT, '.tmp', `postgrest-js-${PINNED_COMMIT.slice(0, 8)}`);
const pkg = await extract(work);
const testRoot = join(pkg, 'test');
let cluster: HostedPostgres | undefined;
let stack: TestStack | undefined;
let proxy: Server | undefined;
try {
  if (postgres) cluster = await startHostedPostgres();
  const left = await fixtureWithoutPostgis(join(testRoot, 'supabase'), await hasPostgis(cluster));
  const fixture = readOptions({}, testRoot);
  stack = await startTestStack({
    supabaseDir: fixture.supabaseDir,
    databaseUrl: cluster?.adminUrl,
    apiSchemas: fixture.apiSchemas,
    apiMaxRows: fixture.apiMaxRows,
    apiExtraSearchPath: fixture.apiExtraSearchPath,
    apiAutoExposeNewTables: fixture.apiAutoExposeNewTables,
  });
  proxy = await gateway(stack);
  console.log(
    `postgrest-js at ${PINNED_COMMIT.slice(0, 8)} against the local Data API on ${postgres ? 'Postgres (a hosted-shaped cluster)' : 'PGlite'}`,
  );
  for (const change of left) console.log(`  no PostGIS here: ${change}`);
  const resultsFile = join(work, 'results.json');
  const logFile = join(work, 'requests.jsonl');
  await run(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', join(import.meta.dirname, 'vitest.config.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        CI: 'true',
        POSTGREST_JS_ROOT: pkg,
        POSTGREST_JS_RESULTS: resultsFile,
        POSTGREST_JS_REQUEST_LOG: logFile,
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch(() => {}); // vitest exits 1 when a test fails; the results file says which.
  const { passed, failed } = await report(resultsFile, logFile);
  console.log(`\n${passed} passed, ${failed} failed`);
} finally {
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
  await stack?.destroy();
  await cluster?.stop();
}
