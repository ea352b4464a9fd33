// Builds the local stack's HTTP app without listening (tests call app.request() or start it on a
// port). Each service is a Hono sub-app mounted under the path hosted Supabase gives it.
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { bodyLimit } from 'hono/body-limit';
import { COMPRESS_THRESHOLD, SECURITY_HEADERS, finish } from './shared/finish.ts';
import { asCaller, type ServerContext } from './context.ts';
import { authRoutes } from './auth/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { ApiError } from './rest/errors.ts';
import { mailRoutes } from './mail/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { studioRoutes } from './studio/routes.ts';
import { functionRoutes } from './functions/routes.ts';
import { staticRoutes, type PreviewLoader } from './static.ts';
import { pageRenderer } from './ssr.ts';
import { siteOrigin } from './shared/http.ts';
import { verifyPlayerIdRoutes } from './functions/verify-player-id.ts';

export interface AppOptions {
  /** Folder of the built single-page app; undefined serves the API only. */
  staticDir?: string;
  /** Extra script injected into index.html (Vite's dev client, or runtime config). */
  runtimeConfig?: Record<string, string>;
}

/**
 * The Data API finishes its own answers (shared/finish.ts: the same security headers, gzip above the
 * same threshold, Content-Length), so the generic middlewares below pass its requests straight on.
 */
const isRest = (path: string) => path.startsWith('/rest/');

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`);

/** Body limits: 1 MB for Auth (GoTrue's), REST_MAX_BODY_BYTES (default 2 MB) for the Data API, 64 KB for operator pages. */
export function bodyLimits(env: NodeJS.ProcessEnv = process.env) {
  const rest = Number(env.REST_MAX_BODY_BYTES);
  return { auth: 1024 * 1024, rest: Number.isInteger(rest) && rest > 0 ? rest : 2 * 1024 * 1024, operator: 64 * 1024 };
}

/**
 * What every answer but the Data API's gets (the Data API finishes its own: shared/finish.ts): gzip
 * above 1 KB, the security headers, and a Content-Length. Also used by server/front.ts.
 */
export function useAnswerMiddlewares(app: Hono, skip: (path: string) => boolean = () => false): void {
  const except =
    (middleware: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      skip(c.req.path) ? next() : middleware(c, next);
  // API JSON and the app's HTML, gzip-compressed above 1 KB when the client accepts it; built assets
  // come pre-compressed (brotli or gzip) and pass through as they are.
  app.use('*', except(compress({ threshold: COMPRESS_THRESHOLD })));
  // Every answer: no MIME sniffing, and the full URL never leaves in a Referer to another site.
  app.use(
    '*',
    except(async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    }),
  );
  // The services answer JSON and HTML from memory without a Content-Length; give them one, so the
  // threshold above can leave small answers alone (files streamed from disk already have it).
  app.use(
    '*',
    except(async (c, next) => {
      await next();
      const type = c.res.headers.get('content-type') ?? '';
      if (!c.res.body || c.res.headers.has('content-length') || c.res.headers.has('content-encoding')) return;
      if (!/json|html|text|csv/.test(type)) return;
      const body = await c.res.arrayBuffer();
      const headers = new Headers(c.res.headers);
      headers.set('content-length', String(body.byteLength));
      c.res = new Response(body, { status: c.res.status, statusText: c.res.statusText, headers });
    }),
  );
}

export function buildApp(ctx: ServerContext, options: AppOptions = {}): Hono {
  const app = new Hono();
  useAnswerMiddlewares(app, isRest);
  // Request bodies are capped per service, checked on Content-Length up front and counted while a
  // chunked body streams in, so no request can make the server hold more than its service allows.
  const limits = bodyLimits();
  app.use(
    '/auth/*',
    bodyLimit({
      maxSize: limits.auth,
      onError: (c) =>
        c.json(
          {
            code: 413,
            error_code: 'request_too_large',
            msg: `The request body is too large (at most ${kb(limits.auth)}).`,
          },
          413,
        ),
    }),
  );
  const restLimit = bodyLimit({
    maxSize: limits.rest,
    // Postgres's program_limit_exceeded class, which PostgREST answers with 413.
    onError: (c) =>
      finish(
        c.req,
        413,
        { 'content-type': 'application/json' },
        JSON.stringify({
          code: '54000',
          message: `The request body is too large (at most ${kb(limits.rest)}).`,
          details: null,
          hint: 'Send fewer rows per request.',
        }),
      ),
  });
  // GET and HEAD carry no body to limit.
  app.use('/rest/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : restLimit(c, next)));
  for (const path of ['/studio/*', '/mail/*']) {
    app.use(
      path,
      bodyLimit({
        maxSize: limits.operator,
        onError: (c) =>
          c.json(
            { error: 'request_too_large', message: `The request body is too large (at most ${kb(limits.operator)}).` },
            413,
          ),
      }),
    );
  }
  app.use(
    '/functions/*',
    bodyLimit({
      maxSize: 16 * 1024,
      onError: (c) =>
        c.json({ code: 'request_too_large', message: 'The request body is too large (at most 16 KB).' }, 413),
    }),
  );
  app.route('/functions/v1/verify-player-id', verifyPlayerIdRoutes(ctx));
  // Every other function runs in Deno (server/functions/runtime.ts), behind the gateway.
  app.route('/functions/v1', functionRoutes(ctx));
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  if (ctx.config.storage) app.route('/storage/v1', storageRoutes(ctx, ctx.config.storage));
  app.route('/mail', mailRoutes(ctx));
  app.route('/studio', studioRoutes(ctx));
  app.all('/auth/*', (c) => c.json({ code: 404, error_code: 'not_found', msg: 'Not found' }, 404));
  app.all('/rest/*', (c) => {
    const error = new ApiError('PGRST125', 'Invalid path specified in request URL');
    return finish(c.req, error.status, { 'content-type': 'application/json' }, JSON.stringify(error.body()));
  });
  if (options.staticDir) {
    // The server renders a page's data with its own Data API, in-process (server/ssr.ts).
    const render = pageRenderer(options.staticDir, {
      fetch: (request) => app.fetch(request),
      anonKey: ctx.keys.anonKey,
    });
    app.route(
      '/',
      staticRoutes(options.staticDir, options.runtimeConfig ?? {}, {
        preview: tournamentPreview(ctx),
        render,
        origin: (c) => siteOrigin(c, ctx.config),
      }),
    );
  }
  app.notFound((c) => c.json({ error: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error('[server] unhandled error', error);
    return c.json({ error: 'internal_error', message: 'The server could not handle this request.' }, 500);
  });
  return app;
}

/**
 * A tournament's link preview, read as a visitor (role anon, RLS and grants apply) so the tags never
 * show what the page would not. Cancelled or unknown: null, the site's own tags.
 */
export function tournamentPreview(ctx: ServerContext): PreviewLoader {
  return (id) =>
    asCaller(ctx.db, { role: 'anon', claims: { role: 'anon' } }, async (tx) => {
      const { rows } = await tx.query<{
        name: string;
        description: string | null;
        thumbnail_url: string | null;
        starts_at: string | Date | null;
        prize: string | null;
        slots: number;
        registered_teams: number;
        phase: string;
      }>(
        `select name, description, thumbnail_url, starts_at, prize, slots, registered_teams, public.phase(t) as phase
           from public.tournaments t where id = $1`,
        [id],
      );
      const t = rows[0];
      return t && t.phase !== 'cancelled' ? t : null;
    });
}
