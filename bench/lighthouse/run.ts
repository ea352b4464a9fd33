// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the built site as
// `npm start` serves it, on a fresh temporary database, ads off: `/`, `/login`, `/home` signed in
// as a sample player and a seeded tournament's page. Prints per page the four category scores and
// FCP, LCP, TBT, CLS, and what keeps a category below 100. Builds the app first (skip with --no-build).
// --trace also writes each page's trace, with a CPU profile, beside its report (read by tasks.ts).
// Uses Debian's Chromium (CHROMIUM_PATH to use another). Not part of the test suite: it times things.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServerProcess } from '../../server/tests/server-process.ts';
import { signIn } from './sign-in.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A seeded tournament (supabase/seed.sql): Solo Showdown Sprint, open for registration. */
const TOURNAMENT_ID = '7a1c0001-0000-4000-8000-000000000001';
/** Where each page's full Lighthouse report (JSON) is written. */
const REPORTS = join(tmpdir(), 'brawlcup-lighthouse-reports');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Row = { page: string; scores: number[]; metrics: string[]; misses: string[]; index: number };

const TRACE = process.argv.includes('--trace');

async function audit(url: string, port: number, page: string, signedIn: boolean): Promise<Row> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: signedIn,
      // The CPU profile, for tasks.ts: what each long task ran.
      ...(TRACE && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
    },
    // Lighthouse's default config is the mobile preset (Moto G Power, slow 4G, 4x CPU slowdown, simulated).
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
  // The whole report, for the details (which element shifted, which task blocked).
  const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  await writeFile(join(REPORTS, `${name}.json`), JSON.stringify(lhr));
  if (TRACE) await writeFile(join(REPORTS, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ].map(metric);
  const misses: string[] = [];
  for (const c of CATEGORIES) {
    const category = lhr.categories[c];
    if (!category || category.score === 1) continue;
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      misses.push(`${c}: ${a.title} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`);
    }
  }
  // Lighthouse's own measure of this machine's CPU at the time (higher is faster; its docs call a
  // mid-range phone about 1000): the simulated 4x slowdown is applied to whatever this machine does.
  const index = Math.round(lhr.environment.benchmarkIndex);
  return { page, scores, metrics, misses, index };
}

/** Signs the sample player in, in the Chrome that Lighthouse then uses (it keeps the storage). */
async function signInThere(base: string, port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await signIn(page, base);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The pages it audits; `--pages=/,/login` audits only those (the signed-in two sign in first). */
const PAGES = ['/', '/login', '/home', '/tournament'];
const pagesArg = process.argv.find((a) => a.startsWith('--pages='));
const pages = pagesArg ? pagesArg.slice('--pages='.length).split(',') : PAGES;
const unknown = pages.filter((p) => !PAGES.includes(p));
if (unknown.length) throw new Error(`--pages: unknown ${unknown.join(', ')} (pages: ${PAGES.join(',')})`);

if (!process.argv.includes('--no-build') || !existsSync(join(ROOT, 'dist/index.html'))) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
await mkdir(REPORTS, { recursive: true });
const temp = await mkdtemp(join(tmpdir(), 'brawlcup-lighthouse-'));
const site = await startServerProcess({ DATA_DIR: join(temp, 'data') });
const { url } = site;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows: Row[] = [];
try {
  if (pages.includes('/')) rows.push(await audit(`${url}/`, chrome.port, '/', false));
  if (pages.includes('/login')) rows.push(await audit(`${url}/login`, chrome.port, '/login', false));
  if (pages.includes('/home') || pages.includes('/tournament')) await signInThere(url, chrome.port);
  if (pages.includes('/home')) rows.push(await audit(`${url}/home`, chrome.port, '/home (signed in)', true));
  if (pages.includes('/tournament'))
    rows.push(await audit(`${url}/tournaments/${TOURNAMENT_ID}`, chrome.port, '/tournaments/<id> (signed in)', true));
} finally {
  chrome.kill();
  await site.stop();
  await rm(temp, { recursive: true, force: true });
}

const header = ['page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU index'];
const table = rows.map((r) => [r.page, ...r.scores.map(String), ...r.metrics, String(r.index)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
const { version } = createRequire(import.meta.url)('lighthouse/package.json') as { version: string };
// The browser's own version: scores have moved between sessions with it unknown.
let chromium = 'Chromium (version unknown)';
try {
  chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
} catch {
  // Printed as unknown: the audits above ran, which is what matters.
}
console.log(`Lighthouse ${version}, ${chromium}, mobile preset, ads off, ${url}:\n`);
console.log(line(header));
for (const r of table) console.log(line(r));
for (const r of rows) if (r.misses.length) console.log(`\n${r.page} below 100:\n  ${r.misses.join('\n  ')}`);
console.log(`\nFull reports (JSON): ${REPORTS}`);
// Machine-readable figures for npm run bench (bench/run-all.ts): issue 15 asks 100 in every category.
const names = ['performance', 'accessibility', 'best_practices', 'seo'];
for (const r of rows)
  r.scores.forEach((value, i) =>
    console.log(
      `RESULT ${JSON.stringify({ name: `lighthouse.${r.page}.${names[i]}`, value, unit: 'score', target: '>= 100' })}`,
    ),
  );
for (const r of rows)
  ['fcp', 'lcp', 'tbt', 'cls'].forEach((m, i) =>
    console.log(`RESULT ${JSON.stringify({ name: `lighthouse.${r.page}.${m}`, value: r.metrics[i], unit: '' })}`),
  );
for (const r of rows)
  console.log(`RESULT ${JSON.stringify({ name: `lighthouse.${r.page}.benchmark_index`, value: r.index, unit: '' })}`);
