// Builds the local stack's HTTP app without listening (tests call app.request() or start it on a
// port). Each service is a Hono sub-app mounted under the path hosted Supabase gives it.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ServerContext } from './context.ts';
import { authRoutes } from './auth/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { studioRoutes } from './studio/routes.ts';
import { staticRoutes } from './static.ts';

export interface AppOptions {
  /** Folder of the built single-page app; undefined serves the API only. */
  staticDir?: string;
  /** Extra script injected into index.html (Vite's dev client, or runtime config). */
  runtimeConfig?: Record<string, string>;
}

export function buildApp(ctx: ServerContext, options: AppOptions = {}): Hono {
  const app = new Hono();
  // API JSON and the app's HTML, gzip-compressed above 1 KB when the client accepts it; built assets
  // come pre-compressed (brotli or gzip) and pass through as they are.
  app.use('*', compress({ threshold: 1024 }));
  // The services answer JSON and HTML from memory without a Content-Length; give them one, so the
  // threshold above can leave small answers alone (files streamed from disk already have it).
  app.use('*', async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (!c.res.body || c.res.headers.has('content-length') || c.res.headers.has('content-encoding')) return;
    if (!/json|html|text|csv/.test(type)) return;
    const body = await c.res.arrayBuffer();
    const headers = new Headers(c.res.headers);
    headers.set('content-length', String(body.byteLength));
    c.res = new Response(body, { status: c.res.status, statusText: c.res.statusText, headers });
  });
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/mail', mailRoutes(ctx));
  app.route('/studio', studioRoutes(ctx));
  app.all('/auth/*', (c) => c.json({ code: 404, error_code: 'not_found', msg: 'Not found' }, 404));
  app.all('/rest/*', (c) => c.json({ code: 'PGRST125', message: `Invalid path specified in request URL`, details: null, hint: null }, 404));
  if (options.staticDir) app.route('/', staticRoutes(options.staticDir, options.runtimeConfig ?? {}));
  app.notFound((c) => c.json({ error: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error('[server] unhandled error', error);
    return c.json({ error: 'internal_error', message: 'The server could not handle this request.' }, 500);
  });
  return app;
}
