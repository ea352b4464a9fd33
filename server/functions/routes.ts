// /functions/v1/<name>: the gateway in front of the Edge Functions, as hosted Supabase's (and
// `supabase functions serve`'s): a valid project JWT is required (verify_jwt, the default), the body
// is capped (app.ts, for every function), and the request goes on to the Deno runtime with its
// headers; the function decides the rest.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length'];

export function functionRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.all('/:name{[A-Za-z0-9_-]+}/*', proxy(ctx));
  app.all('/:name{[A-Za-z0-9_-]+}', proxy(ctx));
  app.all('*', (c) => c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404));
  return app;
}

function proxy(ctx: ServerContext) {
  return async (c: import('hono').Context) => {
    const auth = c.req.header('authorization');
    if (!auth?.startsWith('Bearer ')) return c.json({ code: 401, message: 'Missing authorization header' }, 401);
    try {
      await ctx.keys.jwt.verify(auth.slice('Bearer '.length));
    } catch {
      return c.json({ code: 401, message: 'Invalid JWT' }, 401);
    }
    if (!ctx.functionsUrl) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    const url = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    try {
      const response = await fetch(`${ctx.functionsUrl}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? await c.req.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(150_000),
      });
      const out = new Headers(response.headers);
      for (const name of HOP_BY_HOP) out.delete(name);
      out.delete('content-encoding');
      return new Response(await response.arrayBuffer(), { status: response.status, headers: out });
    } catch {
      return c.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
    }
  };
}
