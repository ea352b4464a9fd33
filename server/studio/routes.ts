// The operator's local studio at /studio: browse and edit the public tables (and read auth.users)
// as the service role, keylessly. That is why every route answers to this machine only and the API
// refuses anything a foreign page could send.
import { readFile } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import { setCaller, type Caller, type ServerContext } from '../context.ts';
import { localOnly } from '../local-only.ts';
import { requestOrigins } from '../shared/http.ts';
import type { Queryable } from '../db/database.ts';
import { countAuthUsers, listPublicTables, resolveTable, type ResolvedTable } from './catalog.ts';
import { StudioError, fromPgError, invalidRequest } from './errors.ts';
import { isPgError } from '../shared/pg-error.ts';
import { deleteRow, insertRow, parseRowsQuery, selectRows, updateRow } from './queries.ts';
import { renderPage } from './page.ts';

/** The studio acts as the service role: RLS is bypassed, grants still hold. */
const SERVICE: Pick<Caller, 'role' | 'claims'> = { role: 'service_role', claims: { role: 'service_role' } };

const ASSETS: Record<string, string> = {
  'studio.js': 'text/javascript; charset=utf-8',
  'studio.css': 'text/css; charset=utf-8',
};

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const forbidden = (c: Context, message: string) => c.json(new StudioError('forbidden', message).body(), 403);

/**
 * A foreign page can make the browser send simple requests here (a form POST, an image GET), but it
 * cannot add a custom header without a CORS preflight this server never grants, and the browser
 * names its origin. So: X-Studio: 1 on every API call, and the Origin, when sent, must be ours (as the
 * browser sees us: behind an HTTPS proxy with STUDIO_PASSWORD, the proxy's scheme and host).
 */
function sameOriginOnly() {
  return async (c: Context, next: () => Promise<void>) => {
    if (c.req.header('x-studio') !== '1') {
      return forbidden(c, 'Studio API calls need the header X-Studio: 1 (the studio page sends it).');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !requestOrigins(c).has(origin)) {
      return forbidden(c, `Requests from ${origin} are refused: the studio only answers its own page.`);
    }
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return forbidden(c, 'Cross-site requests to the studio are refused.');
    }
    await next();
  };
}

const isAuthUsers = (schema: string, table: string) => schema === 'auth' && table === 'users';

/** The page's script is TypeScript (client/studio.ts), compiled once by Vite's transform on first use. */
async function compileScript(): Promise<string> {
  const source = new URL('./client/studio.ts', import.meta.url);
  const { transformWithOxc } = await import('vite');
  const result = await transformWithOxc(await readFile(source, 'utf8'), source.pathname, { lang: 'ts' });
  return result.code;
}

export function studioRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('X-Frame-Options', 'DENY');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  });
  app.use('*', localOnly(ctx.config.operator));
  app.use('/api/*', sameOriginOnly());

  app.onError(async (error, c) => {
    if (error instanceof StudioError) return c.json(error.body(), error.status as 400);
    console.error('[studio] unhandled error', error);
    return c.json(new StudioError('internal_error', 'The studio could not handle this request.').body(), 500);
  });

  /** One transaction per request; database errors leave it as StudioErrors with readable messages. */
  async function run<T>(readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await ctx.db.transaction(async (tx) => {
        if (readOnly) await tx.exec('set transaction read only');
        if (ctx.db.kind === 'postgres') await tx.exec("set local statement_timeout = '15s'");
        return fn(tx);
      });
    } catch (error) {
      if (isPgError(error)) throw await fromPgError(error, ctx.db);
      throw error;
    }
  }

  /**
   * Public tables are read and written as the service role. auth.users is read (never written) as
   * the database owner in a read-only transaction: the service role has no grant on it, and only
   * the fixed, secret-free column list in catalog.ts is ever selected.
   */
  async function table(tx: Queryable, c: Context): Promise<ResolvedTable> {
    const schema = c.req.param('schema')!;
    const name = c.req.param('table')!;
    if (!isAuthUsers(schema, name)) await setCaller(tx, SERVICE);
    return resolveTable(tx, schema, name);
  }

  async function body(c: Context): Promise<unknown> {
    try {
      return await c.req.json();
    } catch {
      throw invalidRequest('The request body must be JSON.');
    }
  }

  const listTables = () =>
    run(true, async (tx) => {
      const users = await countAuthUsers(tx);
      await setCaller(tx, SERVICE);
      return [...(await listPublicTables(tx)), users];
    });

  app.get('/api/tables', async (c) => c.json({ tables: await listTables() }));

  app.get('/api/tables/:schema/:table', async (c) => c.json({ table: (await run(true, (tx) => table(tx, c))).detail }));

  app.get('/api/tables/:schema/:table/rows', async (c) => {
    const result = await run(true, async (tx) => {
      const t = await table(tx, c);
      return { table: t.detail, ...(await selectRows(tx, t, parseRowsQuery(t, c.req.query()))) };
    });
    return c.json(result);
  });

  app.post('/api/tables/:schema/:table/rows', async (c) => {
    const input = await body(c);
    const isAuth = isAuthUsers(c.req.param('schema'), c.req.param('table'));
    const row = await run(isAuth, async (tx) => insertRow(tx, await table(tx, c), input));
    return c.json({ row }, 201);
  });

  app.patch('/api/tables/:schema/:table/rows', async (c) => {
    const input = await body(c);
    const isAuth = isAuthUsers(c.req.param('schema'), c.req.param('table'));
    const row = await run(isAuth, async (tx) => updateRow(tx, await table(tx, c), input));
    return c.json({ row });
  });

  app.delete('/api/tables/:schema/:table/rows', async (c) => {
    const input = await body(c);
    const isAuth = isAuthUsers(c.req.param('schema'), c.req.param('table'));
    const row = await run(isAuth, async (tx) => deleteRow(tx, await table(tx, c), input));
    return c.json({ row });
  });

  app.all('/api/*', (c) =>
    c.json(new StudioError('not_found', `The studio API has no ${c.req.method} ${c.req.path}.`).body(), 404),
  );

  const assets = new Map<string, string>();
  app.get('/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.json(new StudioError('not_found', 'No such file.').body(), 404);
    let text = assets.get(file);
    if (text === undefined) {
      text =
        file === 'studio.js'
          ? await compileScript()
          : await readFile(new URL(`./assets/${file}`, import.meta.url), 'utf8');
      assets.set(file, text);
    }
    return c.body(text, 200, { 'Content-Type': type });
  });

  const page = async (c: Context) => {
    const tables = await listTables().catch((error: unknown) => ({
      error: error instanceof StudioError ? error.message : 'The database could not list its tables.',
    }));
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(renderPage(tables, ctx.db.location));
  };
  app.get('/', page);
  app.get('/index.html', page);

  return app;
}
