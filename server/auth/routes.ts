// GoTrue-compatible Auth at /auth/v1, as auth-js calls it: the edge (CORS, the API key, errors in
// GoTrue's shape) in front of one module per route group in ./routes/.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ServerContext } from '../context.ts';
import { logError } from '../shared/log.ts';
import { AuthApiError } from './errors.ts';
import { AuthLimiter } from './rate-limit.ts';
import { adminRoutes } from './routes/admin.ts';
import { externalRoutes } from './routes/external.ts';
import { infoRoutes } from './routes/info.ts';
import { recoveryRoutes } from './routes/recovery.ts';
import { tokenRoutes } from './routes/token.ts';
import { userRoutes } from './routes/user.ts';

export function authRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const limiter = new AuthLimiter(ctx.config.rateLimits);

  app.onError((error, c) => {
    if (error instanceof AuthApiError) return c.json(error.toJSON(), error.status as 400);
    logError('auth', 'unexpected error', error);
    const failure = new AuthApiError('unexpected_failure');
    return c.json(failure.toJSON(), 500);
  });

  // Hosted Supabase answers any origin, so a static build elsewhere can sign in against this stack.
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: [
        'authorization',
        'apikey',
        'content-type',
        'x-client-info',
        'x-supabase-api-version',
        'x-retry-count',
      ],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    }),
  );

  // Like Kong in front of hosted GoTrue: every route but the open ones needs a valid API key.
  // (Kong's open routes: a browser arrives at /authorize and /callback by a link, without a key.)
  const open = new Set(['/verify', '/health', '/settings', '/authorize', '/callback']);
  app.use('*', async (c, next) => {
    const sub = c.req.path.replace(/^.*\/auth\/v1/, '');
    if (!open.has(sub)) {
      const apikey = c.req.header('apikey') ?? c.req.query('apikey');
      if (!apikey) throw new AuthApiError('no_api_key');
      try {
        const claims = await ctx.keys.jwt.verify(apikey);
        if (claims.role !== 'anon' && claims.role !== 'service_role' && claims.role !== 'authenticated')
          throw new Error('role');
      } catch {
        throw new AuthApiError('invalid_api_key');
      }
    }
    await next();
  });

  app.route('/', infoRoutes(ctx));
  app.route('/', tokenRoutes(ctx, limiter));
  app.route('/', userRoutes(ctx, limiter));
  app.route('/', recoveryRoutes(ctx, limiter));
  app.route('/', externalRoutes(ctx));
  app.route('/admin', adminRoutes(ctx));

  app.notFound(() => {
    throw new AuthApiError('not_found');
  });
  return app;
}
