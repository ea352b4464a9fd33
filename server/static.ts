// Serves the built app (dist/): hashed assets cached for a year, every other path the SPA's
// index.html with the stack's runtime config injected, so the app needs no .env file. A tournament
// page's HTML also carries that tournament's Open Graph tags (link previews run no JavaScript). The
// screens the build prerendered (server/prerendered.ts) get their own HTML, and those the server
// renders with their data (server/ssr.ts) theirs, which paint before the app's JavaScript arrives.
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { withTournamentPreview, type PreviewTournament } from './og-tags.ts';
import { PRERENDERED, ROUTE_CHUNKS, ROUTE_LINKS_FILE, routeChunksPath } from './prerendered.ts';
import type { PageRenderer, RenderedPage } from './ssr.ts';
import { SERVER_STATE_ID } from '../src/lib/page-ids.ts';
import { safeNext, withNext } from '../src/lib/safe-next.ts';

/**
 * What every page served with the API is told: the API is on the page's own origin (src/config/env.ts
 * then uses window.location.origin), so it is right behind an HTTPS proxy, which this server cannot see.
 */
export const PAGE_CONFIG = { API_SAME_ORIGIN: 'true' };

/** The script tag that hands the app its configuration (window.__BRAWLCUP_CONFIG__). */
export function configScript(config: Record<string, string>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__BRAWLCUP_CONFIG__=${json}</script>`;
}

export function injectConfig(html: string, config: Record<string, string>): string {
  return html.replace('</head>', `${configScript(config)}</head>`);
}

const ADSENSE_SCRIPTS = [
  'https://pagead2.googlesyndication.com',
  'https://*.googlesyndication.com',
  'https://*.adtrafficquality.google',
];
const ADSENSE_FRAMES = [
  'https://googleads.g.doubleclick.net',
  'https://tpc.googlesyndication.com',
  'https://*.googlesyndication.com',
  'https://www.google.com',
];

/**
 * The Content-Security-Policy of the app's page: scripts from this origin and the one inline config
 * script (by its hash), the API and Realtime on this origin, banners from https, Mantine's inline
 * styles; AdSense's hosts only when AdSense is configured; the contact form's service when set; no
 * framing. The session lives in localStorage, so an injected script must have nowhere to run.
 */
export function contentSecurityPolicy(origin: string, config: Record<string, string>, inlineScript: string): string {
  // The API and Realtime: on this host, or a hosted project's (config.SUPABASE_URL: server/front.ts).
  const api = apiOrigin(config.SUPABASE_URL);
  const url = api ?? new URL(origin);
  // Realtime's socket: wss always (an https page, whatever the proxy told us), ws too when the page
  // (or the API) may be plain http.
  const sockets = [...(url.protocol === 'https:' ? [] : [`ws://${url.host}`]), `wss://${url.host}`];
  const ads = !!config.ADSENSE_CLIENT;
  const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
  let contact: string | undefined;
  try {
    contact = config.CONTACT_FORM_URL ? new URL(config.CONTACT_FORM_URL).origin : undefined;
  } catch {
    contact = undefined;
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", hash, ...(ads ? ADSENSE_SCRIPTS : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      [
        "'self'",
        ...(api ? [api.origin] : []),
        ...sockets,
        ...(contact ? [contact] : []),
        ...(ads ? ADSENSE_SCRIPTS : []),
      ],
    ],
    ['frame-src', ads ? ADSENSE_FRAMES : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

function apiOrigin(value: string | undefined): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

/** The headers every HTML answer carries: the page's CSP (naming its config script), no framing, no caching. */
function setPageHeaders(c: Context, origin: string, config: Record<string, string>, script: string): void {
  c.header('Cache-Control', 'no-cache');
  c.header(
    'Content-Security-Policy',
    contentSecurityPolicy(origin, config, script.slice('<script>'.length, -'</script>'.length)),
  );
  c.header('X-Frame-Options', 'DENY');
}

/**
 * Whether a path names the app's index.html however it is spelled (`/index.html`, `//index.html`,
 * `/%69ndex.html`, `/assets/../index.html`): those get the page with its config and headers too,
 * never the raw file.
 */
export function namesIndexHtml(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  return posix.basename(posix.normalize(decoded.replaceAll('\\', '/'))) === 'index.html';
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A tournament page's address: /tournaments/<uuid> (anything else gets the site's own tags). */
const TOURNAMENT_PAGE = /^\/tournaments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** Reads what a tournament's link preview shows, with anon's rights; null: the site's default tags. */
export type PreviewLoader = (id: string) => Promise<PreviewTournament | null>;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A server-rendered page: its markup in the page's empty #root, marked with the path it was rendered
 * for (src/main.tsx hydrates it only there), and the state it was rendered with as a JSON data block
 * (never run, so the CSP has nothing to allow; `<` escaped, so no text in it can close the block).
 */
export function fillServerPage(template: string, path: string, page: RenderedPage): string | undefined {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) return undefined;
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  return template.replace(
    root,
    () =>
      `<div id="root" data-prerendered="${escapeAttribute(path)}">${page.markup}</div>` +
      `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
  );
}

/** The sign-in screens, prerendered without the address's query: their links to each other carry `?next=`. */
const SIGN_IN_SCREENS = ['/login', '/register'];

/**
 * A prerendered sign-in screen with the links between the two (within #root) carrying the address's
 * `next`, when it is a path on this site: "Sign up" tapped before the page's script has run still
 * leads back to the shared tournament. (boot.ts's carryNext does the same in the browser, for a
 * build served by a static host.)
 */
export function withNextLinks(html: string, next: string | undefined): string {
  const at = html.indexOf('<div id="root"');
  if (!next || at < 0) return html;
  const root = html
    .slice(at)
    .replace(/href="(\/login|\/register)"/g, (_, path: string) => `href="${escapeAttribute(withNext(path, next))}"`);
  return html.slice(0, at) + root;
}

export function staticRoutes(
  dir: string,
  runtimeConfig: Record<string, string>,
  options: {
    preview?: PreviewLoader;
    render?: PageRenderer;
    /** What every page is told besides runtimeConfig; default: the API is on the page's own origin. */
    pageConfig?: Record<string, string>;
    /**
     * The site's own origin for absolute URLs (og:url, the CSP's sockets): the configured site URL,
     * or with TRUST_PROXY what the proxy reports. Default: the request's own (tests of the page).
     */
    origin?: (c: Context) => string;
  } = {},
): Hono {
  const app = new Hono();
  const root = relative(process.cwd(), dir) || '.';
  const originOf = options.origin ?? ((c: Context) => new URL(c.req.url).origin);
  const pageConfig = (c: Context) => {
    const origin = originOf(c);
    const config = { ...(options.pageConfig ?? PAGE_CONFIG), ...runtimeConfig };
    return { origin, config, script: configScript(config) };
  };
  /** The path's page rendered by the server with its data, when its screen is one of those (server/ssr.ts). */
  const serverPage = async (path: string, route: string) => {
    const file = ROUTE_CHUNKS.find((r) => r.path === route)?.page;
    if (!file || !options.render) return undefined;
    const [template, page] = await Promise.all([
      readFile(join(dir, 'prerendered', file), 'utf8').catch(() => undefined),
      options.render(path),
    ]);
    return template && page ? fillServerPage(template, path, page) : undefined;
  };
  /**
   * The path's prerendered HTML when the build made one, its server-rendered page when the server
   * renders its screen, else the app's index.html, with the links to the chunks and stylesheets its
   * screen loads first when the build listed them (server/prerendered.ts).
   */
  const pageHtml = async (path: string) => {
    const prerendered = Object.hasOwn(PRERENDERED, path) ? PRERENDERED[path] : undefined;
    const html =
      prerendered && (await readFile(join(dir, 'prerendered', prerendered.file), 'utf8').catch(() => undefined));
    if (html) return html;
    const route = routeChunksPath(path);
    const rendered = route && (await serverPage(path, route));
    if (rendered) return rendered;
    const index = await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined);
    if (!index || !route) return index;
    // A build without the file (or an unreadable one) sends the page without them: the loader adds them.
    const links = await readFile(join(dir, ROUTE_LINKS_FILE), 'utf8')
      .then((json) => (JSON.parse(json) as Record<string, unknown>)[route])
      .catch(() => undefined);
    return typeof links === 'string' ? index.replace('</head>', `${links}</head>`) : index;
  };
  const page = async (c: Context) => {
    const html = await pageHtml(c.req.path);
    if (!html) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    const { origin, config, script } = pageConfig(c);
    const id = TOURNAMENT_PAGE.exec(c.req.path)?.[1];
    let body = SIGN_IN_SCREENS.includes(c.req.path) ? withNextLinks(html, safeNext(c.req.query('next'))) : html;
    if (id && options.preview) {
      // A preview that cannot be read (database down, time-out) leaves the page as it is.
      const t = await options.preview(id).catch(() => null);
      if (t) body = withTournamentPreview(html, t, `${origin}${c.req.path}`);
    }
    setPageHeaders(c, origin, config, script);
    return c.html(body.replace('</head>', `${script}</head>`));
  };
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Any other HTML file a build may hold still gets the page's headers.
  app.use('*', async (c, next) => {
    await next();
    if (/^text\/html/i.test(c.res.headers.get('content-type') ?? '') && !c.res.headers.has('content-security-policy')) {
      const { origin, config, script } = pageConfig(c);
      setPageHeaders(c, origin, config, script);
    }
  });
  // The prerendered files are sent for their paths only, never by their own names.
  app.use('*', async (c, next) =>
    (c.req.method === 'GET' || c.req.method === 'HEAD') &&
    (namesIndexHtml(c.req.path) || /^\/+prerendered(\/|$)/i.test(decodeURIComponentSafe(c.req.path)))
      ? page(c)
      : next(),
  );
  // Built files are served pre-compressed (dist/**/*.br, *.gz, written by build/precompress.ts) when
  // the browser accepts it, with Vary: Accept-Encoding.
  app.use('*', serveStatic({ root, index: '__no_index__', precompressed: true }));
  app.get('*', async (c) => {
    // A missing file with an extension is a 404, not the app (a stale chunk must fail visibly).
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.json({ error: 'not_found', message: `No file ${c.req.path}` }, 404);
    return page(c);
  });
  return app;
}
