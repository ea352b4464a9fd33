// What each screen downloads before it can show: builds the app (skip with --no-build to read the
// existing dist/), then follows dist/.vite/manifest.json from index.html plus each route's chunk
// (and its layout's) through their static imports, and prints the gzip size of that JS + CSS.
// The landing page is prerendered (vite.config.ts): its CSS is inline in its HTML and its only
// script is its own small entry, which fetches the app when needed (src/boot.ts; counted apart).
// /home and a tournament's page are rendered by the server (server/ssr.ts): they show from their HTML,
// and what is counted for them is what they download before they respond (the app, after the paint).
// Budgets: the landing page <= 100 KB, any route <= 200 KB.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BOOT_ENTRY, PRERENDERED } from '../../server/prerendered.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
const MANIFEST = join(DIST, '.vite/manifest.json');
const LANDING_BUDGET = 100 * 1024;
const ROUTE_BUDGET = 200 * 1024;

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const appLayout = 'src/components/layouts/app-layout.tsx';
const authLayout = 'src/components/layouts/auth-layout.tsx';
// Screens behind RequireAuth/RequireAdmin show nothing but a loader until AuthProvider's Supabase
// client (imported dynamically) has read the session: that client counts for them.
const adminLayouts = [appLayout, 'src/app/routes/admin-dashboard.tsx'];
const tournamentLayouts = [...adminLayouts, 'src/app/routes/admin-tournament.tsx'];
/** `layout`: the layouts around the route's screen, outermost first. */
const routes: { path: string; src: string; layout?: string | string[]; session?: true }[] = [
  { path: '/', src: 'src/app/routes/landing.tsx' },
  { path: '/register', src: 'src/app/routes/register.tsx', layout: authLayout },
  { path: '/login', src: 'src/app/routes/login.tsx', layout: authLayout },
  { path: '/forgotpassword', src: 'src/app/routes/forgot-password.tsx', layout: authLayout },
  { path: '/reset-password', src: 'src/app/routes/reset-password.tsx', layout: authLayout },
  { path: '/contactus', src: 'src/app/routes/contact.tsx', layout: appLayout },
  { path: '/profile', src: 'src/app/routes/profile.tsx', layout: appLayout, session: true },
  { path: '/home', src: 'src/app/routes/home.tsx', layout: appLayout, session: true },
  { path: '/tournaments/:id', src: 'src/app/routes/tournament.tsx', layout: appLayout },
  { path: '/matches/:id', src: 'src/app/routes/match.tsx', layout: appLayout },
  { path: '/my-tournaments', src: 'src/app/routes/my-tournaments.tsx', layout: appLayout, session: true },
  { path: '/admindashboard', src: 'src/app/routes/admin-tournaments.tsx', layout: adminLayouts, session: true },
  { path: '/admindashboard/new', src: 'src/app/routes/admin-new-tournament.tsx', layout: adminLayouts, session: true },
  {
    path: '/admindashboard/tournaments/:id/edit',
    src: 'src/app/routes/admin-edit-tournament.tsx',
    layout: adminLayouts,
    session: true,
  },
  {
    path: '/admindashboard/tournaments/:id/teams',
    src: 'src/app/routes/admin-teams.tsx',
    layout: tournamentLayouts,
    session: true,
  },
  {
    path: '/admindashboard/tournaments/:id/bracket',
    src: 'src/app/routes/admin-bracket.tsx',
    layout: tournamentLayouts,
    session: true,
  },
  { path: '(not found)', src: 'src/app/routes/not-found.tsx' },
];

if (!process.argv.includes('--no-build') || !existsSync(MANIFEST)) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
const gz = new Map<string, number>();
const size = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gz.get(file)!;
};

/** The files a chunk needs before it runs: itself, its CSS, and its static imports, transitively. */
function closure(keys: string[], files = new Set<string>(), seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bench/bundle: ${key} is not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    closure(chunk.imports ?? [], files, seen);
  }
  return files;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const entry = 'index.html';
const supabaseKey = Object.keys(manifest).find((k) => manifest[k]!.file.includes('/supabase-'))!;
const landingEntry = PRERENDERED['/'] ? BOOT_ENTRY : undefined;
/** What a route needs before it shows: for the landing page its own entry and the CSS inlined in its HTML. */
function initialFiles(route: (typeof routes)[number]): Set<string> {
  const app = closure([entry, ...[route.layout ?? []].flat(), route.src]);
  if (route.session) closure([supabaseKey], app);
  if (route.path !== '/' || !landingEntry) return app;
  const files = closure([landingEntry]);
  for (const f of app) if (f.endsWith('.css')) files.add(f);
  return files;
}
const rows: string[][] = [];
let failed = false;
for (const route of routes) {
  const files = initialFiles(route);
  let js = 0;
  let css = 0;
  for (const f of files) {
    if (f.endsWith('.css')) css += size(f);
    else if (f.endsWith('.js')) js += size(f);
  }
  const budget = route.path === '/' ? LANDING_BUDGET : ROUTE_BUDGET;
  const ok = js + css <= budget;
  failed ||= !ok;
  rows.push([
    route.path,
    kb(js),
    kb(css),
    kb(js + css),
    `${ok ? 'ok' : 'OVER'} (budget ${kb(budget)})`,
    String(files.size),
  ]);
}
const header = ['route', 'JS gzip', 'CSS gzip', 'total', 'budget', 'files'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.log('Initial JS+CSS per route (gzip -9), entry + layout + route chunk with their static imports:\n');
console.log(line(header));
for (const r of rows) console.log(line(r));
// The landing page must not download registration or admin code: neither those routes' chunks nor
// a shared chunk named after their modules (Rolldown names a shared chunk after one of its modules).
const landingApp = closure([entry, 'src/app/routes/landing.tsx']);
const landing = new Set([...initialFiles(routes[0]!), ...landingApp]);
const routeFiles = ['src/app/routes/register.tsx', 'src/app/routes/admin-dashboard.tsx', 'src/app/routes/home.tsx']
  .map((k) => manifest[k]?.file)
  .filter(Boolean);
const leaked = [...landing].filter((f) => routeFiles.includes(f) || /admin|regist|tournament|sign-up/i.test(f));
console.log(`\nLanding page loads registration/admin code: ${leaked.length ? `YES (${leaked.join(', ')})` : 'no'}`);
failed ||= leaked.length > 0;
const supabaseChunk = Object.values(manifest).find((c) => c.file.includes('supabase'));
if (landingEntry) {
  const first = initialFiles(routes[0]!);
  const app = [...landingApp].filter((f) => f.endsWith('.js') && !first.has(f));
  console.log(
    `\nLoaded by the landing page when needed (src/boot.ts; not counted above for /): the app, ${app.length} files, ${kb(app.reduce((n, f) => n + size(f), 0))}` +
      (supabaseChunk ? `, then ${supabaseChunk.file} ${kb(size(supabaseChunk.file))} for AuthProvider` : ''),
  );
}
// Machine-readable figures for npm run bench (bench/run-all.ts).
for (const route of routes) {
  let total = 0;
  for (const f of initialFiles(route)) if (f.endsWith('.css') || f.endsWith('.js')) total += size(f);
  const budget = route.path === '/' ? LANDING_BUDGET : ROUTE_BUDGET;
  const value = Number((total / 1024).toFixed(1));
  console.log(
    `RESULT ${JSON.stringify({ name: `bundle.${route.path}`, value, unit: 'KB gzip', target: `<= ${budget / 1024}` })}`,
  );
}
process.exitCode = failed ? 1 : 0;
