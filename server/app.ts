// Builds the local stack's HTTP app without listening (tests call app.request() or start it on a
// port). Each service is a Hono sub-app mounted under the path hosted Supabase gives it.
import { Hono } from 'hono';
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
