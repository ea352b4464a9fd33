// The PostgREST-compatible Data API at /rest/v1, what supabase-js's `from()` and `rpc()` talk to.
// The edge (CORS, methods, errors) and one straight pipeline per request: read the request
// (request.ts) -> plan and build SQL (plan-cache.ts, prepare.ts) -> one transaction as the caller
// (execute.ts) -> response (response.ts).
import { Hono, type Context } from 'hono';
import { callerFromRequest, type ServerContext } from '../context.ts';
import { ApiError, STALE_CACHE_CODES, toErrorResponse } from './errors.ts';
import { execute } from './execute.ts';
import { PlanCache } from './plan-cache.ts';
import { readRequest, type ApiRequest } from './request.ts';
import { JSON_TYPE, errorAnswer, planResponse, respond, type Answer } from './response.ts';
import { SchemaCache, type SchemaSnapshot } from './schema-cache.ts';
import { DEFAULT_REST_OPTIONS, loadSettings, type RestOptions, type RestSettings } from './settings.ts';
import { finish } from '../shared/finish.ts';
import { logError } from '../shared/log.ts';

/** What hono's cors({ origin: '*' }) added to every answer; supabase-js reads these response headers. */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Content-Range,Content-Location,Location,Preference-Applied,Range-Unit',
};
/** A preflight's answer (204), as hono's cors answered it. */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET,HEAD,POST,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers':
    'authorization,apikey,content-type,prefer,range,accept-profile,content-profile,x-client-info,x-retry-count,accept',
  vary: 'Access-Control-Request-Headers',
};

/** What requests are answered with: the settings in force, and the schema and plan caches made under them. */
interface ApiState {
  settings: RestSettings;
  cache: SchemaCache;
  plans: PlanCache;
}

/**
 * The state requests are answered with, made at the first request and again on `NOTIFY pgrst,
 * 'reload config'`; `'reload schema'` reloads the schema cache (an empty payload: both), as for
 * PostgREST. A state that could not be made (the database down) is made again by the next request.
 */
function apiState(ctx: ServerContext, options: RestOptions): () => Promise<ApiState> {
  let state: Promise<ApiState> | undefined;
  let listening: Promise<unknown> | undefined;
  /** The settings read again; the schema cache is kept when the exposed schemas stay the same. */
  const configure = async (before?: ApiState): Promise<ApiState> => {
    const settings = await loadSettings(ctx.db, options);
    const same = before && before.settings.schemas.join() === settings.schemas.join();
    const cache = same ? before.cache : new SchemaCache(ctx.db, settings.schemas);
    return { settings, cache, plans: new PlanCache(settings) };
  };
  const keep = (next: Promise<ApiState>) => {
    state = next;
    next.catch(() => {
      if (state === next) state = undefined;
    });
    return next;
  };
  const current = (): Promise<ApiState> => {
    listening ??= ctx.db
      .listen('pgrst', (payload) => {
        if (payload === '' || payload === 'reload schema')
          void current().then(
            (s) => s.cache.reload(),
            () => {},
          );
        if (payload === '' || payload === 'reload config')
          keep((state ?? Promise.resolve(undefined)).catch(() => undefined).then(configure));
      })
      .catch(() => {});
    return state ?? keep(configure());
  };
  return current;
}

export function restRoutes(ctx: ServerContext, options: RestOptions = ctx.config.api ?? DEFAULT_REST_OPTIONS): Hono {
  const current = apiState(ctx, options);
  const app = new Hono();

  // Hosted Supabase answers any origin; supabase-js reads these response headers. A preflight is
  // answered here (for every path under /rest/v1), every other answer carries CORS_HEADERS.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'OPTIONS') return next();
    return finish(c.req, 204, { ...PREFLIGHT_HEADERS }, null);
  });
  app.onError((error, c) => {
    logError('rest', 'unhandled error', error);
    const body = { error: 'internal_error', message: 'The server could not handle this request.' };
    return send(c, { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  });

  /** The pipeline: every error on the way is an answer in PostgREST's shape. */
  const answer = async (c: Context, target: ApiRequest['target']): Promise<Answer> => {
    let signedIn = false;
    try {
      const { settings, cache, plans } = await current();
      const caller = await callerFromRequest(ctx, c);
      signedIn = caller.role !== 'anon';
      const request = await readRequest(c, target, settings);
      const prepared = await withFreshSchema(cache, request.schema, (schema) => plans.prepare(schema, request));
      const outcome = await execute(ctx.db, caller, request, prepared, settings);
      return outcome.plan !== undefined ? planResponse(request, outcome.plan) : respond(request, prepared, outcome.row);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (code === '42P01' || code === '42703' || code === '42883')
        void current().then(
          (s) => s.cache.reload(),
          () => {},
        );
      const { status, body } = toErrorResponse(error, signedIn);
      // A statement time-out (57014) is an answer, not a fault: the caller gets it, the log stays quiet.
      if (status === 500 && !(error instanceof ApiError) && code !== '57014')
        logError('rest', 'unhandled error', error);
      return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
    }
  };
  const handle = async (c: Context, target: ApiRequest['target']): Promise<Response> =>
    send(c, await answer(c, target));

  app.get('/', async (c) => {
    // PostgREST answers the root with an OpenAPI description; the table list is what tools read.
    const schema = await (await current()).cache.get();
    const paths = Object.fromEntries([...schema.tables.keys()].sort().map((t) => [`/${t}`, {}]));
    const body = { swagger: '2.0', info: { title: 'BrawlCup local Data API', version: '12' }, paths };
    return send(c, { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  });
  app.all('/rpc/:fn', (c) => {
    if (!['GET', 'HEAD', 'POST'].includes(c.req.method)) {
      return send(c, errorAnswer(new ApiError('PGRST101', `Cannot use the ${c.req.method} method on RPC`)));
    }
    return handle(c, { kind: 'rpc', name: c.req.param('fn') });
  });
  app.all('/:relation', (c) => {
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(c.req.method)) {
      return send(c, errorAnswer(new ApiError('PGRST117', `Unsupported HTTP method: ${c.req.method}`)));
    }
    return handle(c, { kind: 'relation', name: c.req.param('relation') });
  });
  return app;
}

/** Every answer but a preflight's: the CORS headers, then finish() (security headers, gzip, length). */
function send(c: Context, answer: Answer): Promise<Response> {
  return finish(c.req, answer.status, { ...answer.headers, ...CORS_HEADERS }, answer.body);
}

/** Plans with the cached schema; a miss that a newer schema could fix reloads it and tries once more. */
async function withFreshSchema<T>(
  cache: SchemaCache,
  schemaName: string,
  fn: (schema: SchemaSnapshot) => T,
): Promise<T> {
  try {
    return fn(await cache.get(schemaName));
  } catch (error) {
    if (!(error instanceof ApiError) || !STALE_CACHE_CODES.has(error.code)) throw error;
    return fn(await cache.reload(schemaName));
  }
}
