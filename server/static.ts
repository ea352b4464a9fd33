// Serves the built app (dist/): hashed assets cached for a year, every other path the SPA's
// index.html with the stack's runtime config injected, so the app needs no .env file.
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** The script tag that hands the app its configuration (window.__BRAWLCUP_CONFIG__). */
export function configScript(config: Record<string, string>): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script>window.__BRAWLCUP_CONFIG__=${json}</script>`;
}

export function injectConfig(html: string, config: Record<string, string>): string {
  return html.replace('</head>', `${configScript(config)}</head>`);
}

export function staticRoutes(dir: string, runtimeConfig: Record<string, string>): Hono {
  const app = new Hono();
  const root = relative(process.cwd(), dir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Built files are served pre-compressed (dist/**/*.br, *.gz, written by build/precompress.ts) when
  // the browser accepts it, with Vary: Accept-Encoding.
  app.use('*', serveStatic({ root, index: '__no_index__', precompressed: true }));
  app.get('*', async (c) => {
    // A missing file with an extension is a 404, not the app (a stale chunk must fail visibly).
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.json({ error: 'not_found', message: `No file ${c.req.path}` }, 404);
    const html = await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined);
    if (!html) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    const origin = new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    return c.html(injectConfig(html, { SUPABASE_URL: origin, ...runtimeConfig }));
  });
  return app;
}
