// The PostgREST-compatible Data API at /rest/v1, what supabase-js's `from()` and `rpc()` talk to.
// One straight pipeline per request: parse -> plan -> build SQL -> one transaction as the caller
// (role and request.jwt.claims set locally, so RLS decides) -> response.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { asCaller, callerFromRequest, type ServerContext } from '../context.ts';
import {
  ApiError,
  STALE_CACHE_CODES,
  invalidBody,
  notSingle,
  payloadColumnNotFound,
  toErrorResponse,
} from './errors.ts';
import { parseAccept, parsePrefer, parseQuery, parseRange, type Preferences, type QueryParams, type Representation } from './parse.ts';
import { planRead, requireTable, resolveFunction, type ReadNode } from './plan.ts';
import { SchemaCache, type SchemaSnapshot } from './schema-cache.ts';
import { Params, buildMutation, buildRead, buildScalarCall, functionFrom, qualified, type ResponseShape } from './sql.ts';

/** What a request asks for, read once from the HTTP request. */
interface ApiRequest {
  method: string;
  target: { kind: 'relation' | 'rpc'; name: string };
  search: URLSearchParams;
  prefer: Preferences;
  accept: Representation;
  range?: { offset: number; limit?: number };
  body?: string;
}

/** The planned statement and what the response needs to know about it. */
interface Prepared {
  sql: string;
  params: unknown[];
  kind: 'read' | 'insert' | 'update' | 'delete' | 'call';
  single: boolean;
  /** GET/HEAD on a relation or setof rpc: the offset Content-Range starts at. */
  offset: number;
  returnsBody: boolean;
  voidCall?: boolean;
  table?: string;
}

interface ResultRow {
  total: string | null;
  body: string | null;
  page_total: string;
  location?: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export function restRoutes(ctx: ServerContext): Hono {
  const cache = new SchemaCache(ctx.db);
  let listening: Promise<void> | undefined;
  const app = new Hono();

  // Hosted Supabase answers any origin; supabase-js reads these response headers.
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['authorization', 'apikey', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile', 'x-client-info', 'x-retry-count', 'accept'],
      allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['Content-Range', 'Content-Location', 'Location', 'Preference-Applied', 'Range-Unit'],
    }),
  );

  const handle = async (c: Context, target: ApiRequest['target']): Promise<Response> => {
    let signedIn = false;
    try {
      listening ??= cache.listen().catch(() => {});
      const caller = await callerFromRequest(ctx, c);
      signedIn = caller.role !== 'anon';
      const request = await readRequest(c, target);
      const prepared = await withFreshSchema(cache, (schema) => prepare(schema, request));
      const row = await asCaller(ctx.db, caller, async (tx) => {
        // PostgREST runs GET/HEAD in a read-only transaction: a GET rpc cannot write (25006 -> 405).
        if (request.target.kind === 'rpc' && request.method !== 'POST') await tx.exec('set transaction read only');
        const result = await tx.query<ResultRow>(prepared.sql, prepared.params);
        const first = result.rows[0]!;
        // A mutation that asked for one object and touched another number of rows is undone.
        if (prepared.kind !== 'read' && prepared.kind !== 'call' && prepared.single && Number(first.page_total) !== 1) {
          throw notSingle(Number(first.page_total));
        }
        return first;
      });
      return respond(request, prepared, row);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (code === '42P01' || code === '42703' || code === '42883') void cache.reload().catch(() => {});
      const { status, body } = toErrorResponse(error, signedIn);
      if (status === 500 && !(error instanceof ApiError)) console.error('[rest] unhandled error', error);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE } });
    }
  };

  app.get('/', async (c) => {
    // PostgREST answers the root with an OpenAPI description; the table list is what tools read.
    const schema = await cache.get();
    const paths = Object.fromEntries([...schema.tables.keys()].sort().map((t) => [`/${t}`, {}]));
    return c.json({ swagger: '2.0', info: { title: 'BrawlCup local Data API', version: '12' }, paths });
  });
  app.all('/rpc/:fn', (c) => {
    if (!['GET', 'HEAD', 'POST'].includes(c.req.method)) {
      return errorResponse(new ApiError('PGRST101', `Cannot use the ${c.req.method} method on RPC`));
    }
    return handle(c, { kind: 'rpc', name: c.req.param('fn') });
  });
  app.all('/:relation', (c) => {
    if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(c.req.method)) {
      return errorResponse(new ApiError('PGRST117', `Unsupported HTTP method: ${c.req.method}`));
    }
    return handle(c, { kind: 'relation', name: c.req.param('relation') });
  });
  return app;
}

function errorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(error.body()), { status: error.status, headers: { 'content-type': JSON_TYPE } });
}

/** Plans with the cached schema; a miss that a newer schema could fix reloads it and tries once more. */
async function withFreshSchema<T>(cache: SchemaCache, fn: (schema: SchemaSnapshot) => T): Promise<T> {
  try {
    return fn(await cache.get());
  } catch (error) {
    if (!(error instanceof ApiError) || !STALE_CACHE_CODES.has(error.code)) throw error;
    return fn(await cache.reload());
  }
}

async function readRequest(c: Context, target: ApiRequest['target']): Promise<ApiRequest> {
  const method = c.req.method;
  const reading = method === 'GET' || method === 'HEAD';
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile');
  if (profile && profile !== 'public') {
    throw new ApiError('PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
  }
  return {
    method,
    target,
    search: new URL(c.req.url).searchParams,
    prefer: parsePrefer(c.req.header('prefer')),
    accept: parseAccept(c.req.header('accept')),
    range: reading ? parseRange(c.req.header('range')) : undefined,
    body: reading ? undefined : await c.req.text(),
  };
}

function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw invalidBody();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : null);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function prepare(schema: SchemaSnapshot, request: ApiRequest): Prepared {
  return request.target.kind === 'rpc' ? prepareCall(schema, request) : prepareRelation(schema, request);
}

function applyRange(query: QueryParams, range: ApiRequest['range']): void {
  if (!range) return;
  const root = query.levels.get('')!;
  root.offset ??= range.offset;
  if (range.limit !== undefined) root.limit = root.limit === undefined ? range.limit : Math.min(root.limit, range.limit);
}

function prepareRelation(schema: SchemaSnapshot, request: ApiRequest): Prepared {
  const table = requireTable(schema, request.target.name);
  const query = parseQuery(request.search);
  const params = new Params();
  const { method, prefer, accept } = request;
  const head = method === 'HEAD';

  if (method === 'GET' || method === 'HEAD') {
    applyRange(query, request.range);
    const root = planRead(schema, { relation: table.name, columns: table.columns }, query);
    const shape: ResponseShape = { single: accept.single, stripNulls: accept.stripNulls, head, count: !!prefer.count };
    const sql = buildRead(root, `${qualified(table.name)} ${root.alias}`, shape, params);
    return { sql, params: params.values, kind: 'read', single: accept.single, offset: root.offset ?? 0, returnsBody: !head, table: table.name };
  }

  const root = planRead(schema, { relation: table.name, columns: table.columns }, query);
  for (const [path, level] of query.levels) {
    if (path !== '' && level.conditions.length > 0) {
      throw new ApiError('PGRST100', `"failed to parse filter (${path})"`, 'Filters on embedded resources are not supported on inserts, updates and deletes.');
    }
  }
  if (root.conditions.some((c) => c.kind === 'embedded')) {
    throw new ApiError('PGRST100', '"failed to parse filter"', 'Filters on embedded resources are not supported on inserts, updates and deletes.');
  }
  const returnRows = prefer.return === 'representation' ? 'all' : prefer.return === 'headers-only' ? 'primary-key' : 'none';
  const shape: ResponseShape = { single: accept.single, stripNulls: accept.stripNulls, head: false, count: !!prefer.count };
  const requireColumns = (names: string[]) => {
    for (const name of names) if (!table.columnsByName.has(name)) throw payloadColumnNotFound(table.name, name);
  };
  const kind = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';

  let payload: string | undefined;
  let columns: string[] = [];
  let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined;
  if (kind === 'insert') {
    const body = parseJsonBody(request.body);
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every(isObject)) throw invalidBody('The body must be a JSON object or an array of objects.');
    columns = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
    requireColumns(columns);
    payload = JSON.stringify(rows);
    if (rows.length === 0) columns = query.columns ?? [];
    if (prefer.resolution) {
      const target = query.onConflict ?? table.primaryKey;
      requireColumns(target);
      onConflict = { columns: target, action: prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
    }
    if (rows.length === 0 && columns.length === 0) {
      // Nothing to insert and no column to name: answer without touching the table.
      return {
        sql: `select '0' as total, '[]' as body, '0' as page_total, null::text as location`,
        params: [],
        kind,
        single: accept.single,
        offset: 0,
        returnsBody: returnRows === 'all',
        table: table.name,
      };
    }
  } else {
    if (root.conditions.length === 0) {
      // Hosted Supabase runs PostgREST with pg-safeupdate: a whole-table UPDATE/DELETE is refused.
      throw new ApiError('21000', `${kind.toUpperCase()} requires a WHERE clause`);
    }
    if (kind === 'update') {
      const body = parseJsonBody(request.body);
      if (!isObject(body)) throw invalidBody('The body of an update must be a JSON object.');
      columns = Object.keys(body);
      requireColumns(columns);
      payload = JSON.stringify(body);
    }
  }
  const sql = buildMutation({ kind, table, root, payload, columns, onConflict, returnRows }, shape, params);
  return { sql, params: params.values, kind, single: accept.single, offset: 0, returnsBody: returnRows === 'all', table: table.name };
}

function prepareCall(schema: SchemaSnapshot, request: ApiRequest): Prepared {
  const name = request.target.name;
  const overloads = schema.functions.get(name) ?? [];
  const head = request.method === 'HEAD';
  let args: Record<string, unknown>;
  let query: QueryParams;
  if (request.method === 'POST') {
    const body = request.body?.trim() ? parseJsonBody(request.body) : {};
    if (!isObject(body)) throw invalidBody('The arguments of a function call must be a JSON object.');
    args = body;
    query = parseQuery(request.search);
  } else {
    const argNames = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
    query = parseQuery(request.search, argNames);
    args = Object.fromEntries(query.rpcArgs);
  }
  const fn = resolveFunction(schema, name, Object.keys(args));
  const params = new Params();
  const { prefer, accept } = request;

  if (fn.returns !== 'composite') {
    const alias = 'pgrst_1';
    const from = functionFrom(fn, args, alias, params);
    const shape: ResponseShape = { single: false, stripNulls: false, head, count: !!prefer.count };
    return {
      sql: buildScalarCall(fn, from, alias, shape),
      params: params.values,
      kind: 'call',
      single: accept.single && fn.setof,
      offset: 0,
      returnsBody: !head,
      voidCall: fn.returns === 'void',
    };
  }
  applyRange(query, request.range);
  const root: ReadNode = planRead(schema, { relation: fn.name, columns: fn.columns, embedSource: fn.returnTable }, query);
  const from = functionFrom(fn, args, root.alias, params);
  // A function returning one row answers an object; a set answers an array (or one object if asked).
  const single = fn.setof ? accept.single : true;
  const shape: ResponseShape = { single, stripNulls: accept.stripNulls, head, count: !!prefer.count };
  return {
    sql: buildRead(root, from, shape, params),
    params: params.values,
    kind: fn.setof ? 'read' : 'call',
    single: fn.setof && accept.single,
    offset: root.offset ?? 0,
    returnsBody: !head,
  };
}

function respond(request: ApiRequest, prepared: Prepared, row: ResultRow): Response {
  const headers = new Headers({ 'content-type': prepared.single ? OBJECT_TYPE : JSON_TYPE });
  if (request.prefer.applied.length) headers.set('preference-applied', request.prefer.applied.join(', '));
  const pageTotal = Number(row.page_total);
  const total = row.total === null || !request.prefer.count ? undefined : Number(row.total);
  const body = prepared.returnsBody ? (row.body ?? 'null') : null;

  if (prepared.kind === 'read') {
    if (prepared.single && pageTotal !== 1) throw notSingle(pageTotal);
    const lower = prepared.offset;
    const upper = lower + pageTotal - 1;
    headers.set('content-range', `${pageTotal > 0 ? `${lower}-${upper}` : '*'}/${total ?? '*'}`);
    let status = 200;
    if (total !== undefined) {
      if (lower > total) {
        const error = new ApiError('PGRST103', 'Requested range not satisfiable', `An offset of ${lower} was requested, but there are only ${total} rows.`);
        return new Response(JSON.stringify(error.body()), { status: 416, headers: { 'content-type': JSON_TYPE, 'content-range': `*/${total}` } });
      }
      if (pageTotal < total) status = 206;
    }
    return new Response(request.method === 'HEAD' ? null : body, { status, headers });
  }

  if (prepared.kind === 'call') {
    if (prepared.voidCall) return new Response(null, { status: 204, headers });
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  }

  const count = request.prefer.count ? String(pageTotal) : '*';
  if (prepared.kind === 'insert') {
    headers.set('content-range', `*/${count}`);
    if (row.location && prepared.table) {
      const keys = JSON.parse(row.location) as Record<string, unknown>;
      const query = Object.entries(keys).map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`);
      headers.set('location', `/${prepared.table}?${query.join('&')}`);
    }
    return new Response(body, { status: 201, headers });
  }
  headers.set('content-range', `${pageTotal > 0 ? `0-${pageTotal - 1}` : '*'}/${count}`);
  if (body === null) {
    headers.delete('content-type');
    return new Response(null, { status: 204, headers });
  }
  return new Response(body, { status: 200, headers });
}
