// The screens the build renders to HTML ahead of time (vite.config.ts) and server/static.ts sends
// for their paths: each path's file in dist/prerendered/, its route module and its layout's.
// src/boot.ts loads the app once the page needs it (see there). For the sign-in forms that is the
// visitor's first tap or key, long before an email and a password are typed: their submit button
// stays disabled until the app has hydrated the form (a plain HTML submission would put the password
// in the address).
const AUTH_LAYOUT = 'src/components/layouts/auth-layout.tsx';

/** The entry of every prerendered screen (vite.config.ts builds it beside index.html's). */
export const BOOT_ENTRY = 'src/boot.ts';

export const PRERENDERED: Record<string, { file: string; module: string; layouts?: string[] }> = {
  '/': { file: 'landing.html', module: 'src/app/routes/landing.tsx' },
  '/login': { file: 'login.html', module: 'src/app/routes/login.tsx', layouts: [AUTH_LAYOUT] },
  '/register': {
    file: 'register.html',
    module: 'src/app/routes/register.tsx',
    layouts: [AUTH_LAYOUT],
  },
};

const APP_LAYOUT = 'src/components/layouts/app-layout.tsx';
const GUARDS = 'src/components/layouts/guards.tsx';
/** The admin dashboard's frame, and one tournament's frame inside it. */
const ADMIN = [APP_LAYOUT, GUARDS, 'src/app/routes/admin-dashboard.tsx'];
const ADMIN_TOURNAMENT = [...ADMIN, 'src/app/routes/admin-tournament.tsx'];

/**
 * The app's other screens, as src/app/router.tsx nests them (paths as in src/config/paths.ts): the
 * lazily loaded modules each path's first render needs, outermost layout first. The build writes
 * their chunks and stylesheets as links (ROUTE_LINKS_FILE) and server/static.ts puts them in the
 * head of the app page it sends for the path. The browser then fetches them beside the app's entry,
 * not after it has run, and Vite's loader, finding them linked, adds no link of its own while the
 * app starts (on a mid-range phone, appending ~40 links took ~60 ms of the start's task: bench/lighthouse).
 * A path not listed here is left to the loader, as before.
 */
export const ROUTE_CHUNKS: { path: string; modules: string[]; page?: string }[] = [
  { path: '/home', modules: [APP_LAYOUT, 'src/app/routes/home.tsx'], page: 'home.html' },
  { path: '/tournaments/:id', modules: [APP_LAYOUT, 'src/app/routes/tournament.tsx'], page: 'tournament.html' },
  { path: '/matches/:id', modules: [APP_LAYOUT, 'src/app/routes/match.tsx'] },
  { path: '/my-tournaments', modules: [APP_LAYOUT, GUARDS, 'src/app/routes/my-tournaments.tsx'] },
  { path: '/notifications', modules: [APP_LAYOUT, GUARDS, 'src/app/routes/notifications.tsx'] },
  { path: '/profile', modules: [APP_LAYOUT, GUARDS, 'src/app/routes/profile.tsx'] },
  { path: '/admindashboard', modules: [...ADMIN, 'src/app/routes/admin-tournaments.tsx'] },
  { path: '/admindashboard/new', modules: [...ADMIN, 'src/app/routes/admin-new-tournament.tsx'] },
  { path: '/admindashboard/messages', modules: [...ADMIN, 'src/app/routes/admin-messages.tsx'] },
  { path: '/admindashboard/tournaments/:id/edit', modules: [...ADMIN, 'src/app/routes/admin-edit-tournament.tsx'] },
  { path: '/admindashboard/tournaments/:id/teams', modules: [...ADMIN_TOURNAMENT, 'src/app/routes/admin-teams.tsx'] },
  {
    path: '/admindashboard/tournaments/:id/bracket',
    modules: [...ADMIN_TOURNAMENT, 'src/app/routes/admin-bracket.tsx'],
  },
  { path: '/admindashboard/tournaments/:id/staff', modules: [...ADMIN_TOURNAMENT, 'src/app/routes/admin-staff.tsx'] },
  { path: '/leaderboard', modules: [APP_LAYOUT, 'src/app/routes/leaderboard.tsx'] },
  { path: '/contactus', modules: [APP_LAYOUT, 'src/app/routes/contact.tsx'] },
  { path: '/forgotpassword', modules: [AUTH_LAYOUT, 'src/app/routes/forgot-password.tsx'] },
  { path: '/reset-password', modules: [AUTH_LAYOUT, 'src/app/routes/reset-password.tsx'] },
  { path: '/login/callback', modules: [AUTH_LAYOUT, 'src/app/routes/auth-callback.tsx'] },
  { path: '/complete-profile', modules: [APP_LAYOUT, GUARDS, 'src/app/routes/complete-profile.tsx'] },
];

/** Where the build writes each ROUTE_CHUNKS path's links (in dist/, never served by name). */
export const ROUTE_LINKS_FILE = 'prerendered/route-links.json';

/**
 * The ROUTE_CHUNKS paths with a `page` are rendered by the server with their data (server/ssr.ts):
 * the build writes that file into dist/prerendered/ (the app's page with the screen's links and its
 * CSS inline, #root empty) and src/entry-server.tsx, built for Node, into SERVER_ENTRY.
 */
export const SERVER_ENTRY = 'ssr/entry-server.js';

export { APP_LINKS_ID } from '../src/lib/page-ids.ts';

/** The ROUTE_CHUNKS path that `path` opens, as react-router matches it (`:id` one segment, a trailing slash allowed). */
export function routeChunksPath(path: string): string | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  return ROUTE_CHUNKS.find(({ path: pattern }) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) =>
        part.startsWith(':') ? segments[i] !== '' : part.toLowerCase() === segments[i]!.toLowerCase(),
      )
    );
  })?.path;
}
