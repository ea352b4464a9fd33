// `npm start` in front of a hosted Supabase project (SUPABASE_URL and SUPABASE_ANON_KEY set): no
// local database or services. The Node process serves the app, its server render and the link
// previews of tournament pages, all read from the project's Data API as a visitor (the anon key),
// so a tournament link shared on Discord shows that tournament's own card.
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useAnswerMiddlewares } from './app.ts';
import { httpServerOptions, type HttpLimits } from './config.ts';
import type { PreviewTournament } from './og-tags.ts';
import { pageRenderer } from './ssr.ts';
import { staticRoutes, type PreviewLoader } from './static.ts';
import { siteOrigin } from './shared/http.ts';

export interface FrontOptions {
  /** The project's URL (https://<ref>.supabase.co) and anon key. */
  supabaseUrl: string;
  anonKey: string;
  /** The built app (dist/). */
  staticDir: string;
  /** Extra values for window.__BRAWLCUP_CONFIG__ (contact form URL, ad ids). */
  runtimeConfig?: Record<string, string>;
  /** The site URL (SITE_URL) for the page's absolute URLs, and how many proxies stand in front. */
  siteUrl?: string;
  trustProxy?: number;
}

/** How long a link preview waits for the project before the page goes out with the site's own tags. */
const PREVIEW_TIMEOUT_MS = 2000;

/** SUPABASE_URL and SUPABASE_ANON_KEY from the environment, or undefined when the local stack is wanted. */
export function frontOptions(env: NodeJS.ProcessEnv): Pick<FrontOptions, 'supabaseUrl' | 'anonKey'> | undefined {
  if (!env.SUPABASE_URL) return undefined;
  let url: URL;
  try {
    url = new URL(env.SUPABASE_URL);
  } catch {
    throw new Error(`SUPABASE_URL must be the project's URL, e.g. https://xyz.supabase.co (got ${env.SUPABASE_URL})`);
  }
  if (!env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_URL is set: set SUPABASE_ANON_KEY to the project anon key too');
  return { supabaseUrl: url.origin, anonKey: env.SUPABASE_ANON_KEY };
}

/**
 * A tournament's link preview from the project's Data API, with anon's rights as the page has them
 * (RLS and grants apply; `phase` is the schema's computed field). Cancelled or unknown: null.
 */
export function hostedPreview(supabaseUrl: string, anonKey: string): PreviewLoader {
  return async (id) => {
    const select = 'name,description,thumbnail_url,starts_at,prize,slots,registered_teams,phase';
    const res = await fetch(`${supabaseUrl}/rest/v1/tournaments?select=${select}&id=eq.${encodeURIComponent(id)}`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`the project answered ${res.status}`);
    const rows = (await res.json()) as (PreviewTournament & { phase?: string })[];
    const t = rows[0];
    return t && t.phase !== 'cancelled' ? t : null;
  };
}

/** The app for a hosted project: pages, assets, server render and previews; no /auth, /rest or /realtime. */
export function buildFrontApp(options: FrontOptions): Hono {
  const { supabaseUrl, anonKey, staticDir } = options;
  const app = new Hono();
  useAnswerMiddlewares(app);
  // The render's Data API requests (made to http://in-process) go to the project.
  const render = pageRenderer(staticDir, {
    fetch: (request) => {
      const url = new URL(request.url);
      return fetch(new Request(`${supabaseUrl}${url.pathname}${url.search}`, request));
    },
    anonKey,
  });
  app.route(
    '/',
    staticRoutes(staticDir, options.runtimeConfig ?? {}, {
      preview: hostedPreview(supabaseUrl, anonKey),
      render,
      // The page talks to the project, not to this server.
      pageConfig: { SUPABASE_URL: supabaseUrl, SUPABASE_ANON_KEY: anonKey },
      origin: (c) => siteOrigin(c, { siteUrl: options.siteUrl ?? '', trustProxy: options.trustProxy ?? 0 }),
    }),
  );
  app.notFound((c) => c.json({ error: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error('[server] unhandled error', error);
    return c.json({ error: 'internal_error', message: 'The server could not handle this request.' }, 500);
  });
  return app;
}

/** Serves buildFrontApp on a port, with the same HTTP limits as the local stack. */
export async function startFront(
  options: FrontOptions & { port: number; host: string; http?: Partial<HttpLimits> },
): Promise<{ url: string; close(): Promise<void> }> {
  const http = httpServerOptions(options.http);
  const server = createServer(http.server, getRequestListener(buildFrontApp(options).fetch));
  server.maxConnections = http.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
