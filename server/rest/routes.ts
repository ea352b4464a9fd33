// The PostgREST-compatible Data API at /rest/v1, what supabase-js's `from()` and `rpc()` talk to.
// One straight pipeline per request: parse -> plan -> build SQL -> one transaction as the caller
// (role and request.jwt.claims set locally, so RLS decides) -> response.
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { asCaller, callerFromRequest, type ServerContext } from '../context.ts';
import {
  ApiError,
  STALE_CACHE_CODES,
  invalidBody,
  notSingle,
  payloadColumnNotFound,
  toErrorResponse,
} from './errors.ts';
import { parseAccept, parsePrefer, parseRange, pickSchema, type Preferences, type Representation } from './headers.ts';
import { FILTER_OPERATORS, parseQuery, type QueryParams } from './parse.ts';
import { planRead, requireTable, resolveFunction, type ReadNode } from './plan.ts';
import { SchemaCache, type SchemaSnapshot } from './schema-cache.ts';
import {
  Params,
  buildCountSource,
  buildMutation,
  buildRead,
  buildScalarCall,
  functionFrom,
  outputNames,
  type ResponseShape,
} from './sql.ts';
import type { Queryable } from '../db/database.ts';
import { finish } from '../shared/finish.ts';
import { isObject, parseJson } from '../shared/http.ts';
import { logError } from '../shared/log.ts';

/** What a request asks for, read once from the HTTP request. */
interface ApiRequest {
  method: string;
  target: { kind: 'relation' | 'rpc'; name: string };
  /** The exposed schema the request names (Accept-Profile / Content-Profile), or the first one. */
  schema: string;
  /** The query string (`?a=b`, or ''), parsed into a query when planning. */
  search: string;
  prefer: Preferences;
  accept: Representation;
  range?: { offset: number; limit?: number };
  body?: string;
  /** GET/HEAD: everything planning reads from the request but plain filters' values, the key of its plan (PlanCache). */
  planKey?: string;
  /** A relation read's plain filter values, in order (readShape). */
  planValues?: string[];
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
  /** An upsert: 201 only if it inserted a row, else 200. */
  upsert?: boolean;
  /** count=planned|estimated: the statement whose rows EXPLAIN estimates. */
  countSource?: { sql: string; params: unknown[] };
}

interface ResultRow {
  total: string | null;
  body: string | null;
  page_total: string;
  location?: string | null;
  inserted?: string | null;
}

/** What runs in the transaction comes back out: the row, or the plan EXPLAIN printed. */
type Outcome = { row: ResultRow; plan?: undefined } | { plan: string; row?: undefined };

/** Thrown out of the transaction to roll it back (`Prefer: tx=rollback`) while keeping its answer. */
class Rollback {
  constructor(readonly outcome: Outcome) {}
}

/** An answer before finish(): status, headers (lower-case names) and the body as text. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

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

/** The Data API settings of `[api]` in supabase/config.toml (and PostgREST's db-plan-enabled). */
export interface RestOptions {
  schemas: string[];
  /** `max_rows`: the most rows one read returns (hosted default 1000); null for no limit. */
  maxRows: number | null;
  /** Answer `Accept: application/vnd.pgrst.plan` with EXPLAIN (off on hosted Supabase). */
  planEnabled: boolean;
}

export const DEFAULT_REST_OPTIONS: RestOptions = { schemas: ['public'], maxRows: 1000, planEnabled: false };

export function restRoutes(ctx: ServerContext, options: RestOptions = ctx.config.api ?? DEFAULT_REST_OPTIONS): Hono {
  const cache = new SchemaCache(ctx.db, options.schemas);
  const plans = new PlanCache(options);
  let listening: Promise<void> | undefined;
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

  const handle = async (c: Context, target: ApiRequest['target']): Promise<Response> =>
    send(c, await answer(c, target));

  const answer = async (c: Context, target: ApiRequest['target']): Promise<Answer> => {
    let signedIn = false;
    try {
      listening ??= cache.listen().catch(() => {});
      const caller = await callerFromRequest(ctx, c);
      signedIn = caller.role !== 'anon';
      const request = await readRequest(c, target, options);
      const prepared = await withFreshSchema(cache, request.schema, (schema) => plans.prepare(schema, request));
      let outcome: Outcome;
      try {
        outcome = await asCaller(ctx.db, caller, async (tx) => {
          // PostgREST runs GET/HEAD in a read-only transaction: a GET rpc cannot write (25006 -> 405).
          if (request.target.kind === 'rpc' && request.method !== 'POST') await tx.exec('set transaction read only');
          const result = request.accept.plan
            ? { plan: await explain(tx, prepared, request.accept.plan) }
            : { row: await run(tx, prepared, request, options.maxRows) };
          if (request.prefer.tx === 'rollback') throw new Rollback(result);
          return result;
        });
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
        outcome = error.outcome;
      }
      return outcome.plan !== undefined ? planResponse(request, outcome.plan) : respond(request, prepared, outcome.row);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (code === '42P01' || code === '42703' || code === '42883') void cache.reload().catch(() => {});
      const { status, body } = toErrorResponse(error, signedIn);
      // A statement time-out (57014) is an answer, not a fault: the caller gets it, the log stays quiet.
      if (status === 500 && !(error instanceof ApiError) && code !== '57014')
        logError('rest', 'unhandled error', error);
      return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
    }
  };

  app.get('/', async (c) => {
    // PostgREST answers the root with an OpenAPI description; the table list is what tools read.
    const schema = await cache.get();
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

function errorAnswer(error: ApiError): Answer {
  return { status: error.status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(error.body()) };
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

async function readRequest(c: Context, target: ApiRequest['target'], options: RestOptions): Promise<ApiRequest> {
  const method = c.req.method;
  const reading = method === 'GET' || method === 'HEAD';
  const url = new URL(c.req.url);
  const schema = pickSchema(c.req.header(reading ? 'accept-profile' : 'content-profile'), options.schemas);
  const [prefer, accept, range] = [c.req.header('prefer'), c.req.header('accept'), c.req.header('range')];
  const shape = reading && target.kind === 'relation' ? readShape(url.search) : undefined;
  return {
    method,
    target,
    schema,
    search: url.search,
    prefer: parsePrefer(prefer),
    accept: parseAccept(accept, options.planEnabled),
    range: reading ? parseRange(range) : undefined,
    body: reading ? undefined : await c.req.text(),
    planKey: reading
      ? JSON.stringify([method, target.kind, target.name, schema, shape?.shape ?? url.search, prefer, accept, range])
      : undefined,
    planValues: shape?.values,
  };
}

/**
 * Filters whose value reaches Postgres as one bind parameter, as it was sent (sql.ts's `condition`):
 * parse.ts's simple operators but like and ilike, whose `*` sql.ts turns into `%`.
 */
const PLAIN_FILTER = new RegExp(
  `^(?:not\\.)?(?:${Object.keys(FILTER_OPERATORS)
    .filter((op) => op !== 'like' && op !== 'ilike')
    .join('|')})\\.`,
);
/** Query parameters that are not filters (parse.ts's parseQuery): their values shape the plan. */
const RESERVED_KEYS = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_LAST = new Set(['or', 'and', 'order', 'limit', 'offset']);

/**
 * A relation read's query string as its shape and the values of its plain filters (`id=eq.5`,
 * `my_team.registered_by=eq.<uuid>`, `name=not.eq.Red`), in order: reads that differ only in those
 * values share one plan (PlanCache). In the shape a plain filter keeps its operator and loses its
 * value, so the shape and the values together give back the query string's parameters.
 */
export function readShape(search: string): { shape: string; values: string[] } {
  const entries: [string, string][] = [];
  const values: string[] = [];
  for (const [key, value] of new URLSearchParams(search)) {
    const operator = plainOperator(key, value);
    if (operator) values.push(value.slice(operator.length));
    entries.push([key, operator ?? value]);
  }
  return { shape: JSON.stringify(entries), values };
}

/** A plain filter's operator with its dot (`eq.`, `not.gt.`), or undefined for any other parameter. */
function plainOperator(key: string, value: string): string | undefined {
  const last = key.slice(key.lastIndexOf('.') + 1);
  if (RESERVED_KEYS.has(key) || RESERVED_LAST.has(last)) return undefined;
  return PLAIN_FILTER.exec(value)?.[0];
}

/** Where a shared plan's filter values go: their indexes in its bind parameters (and its count's). */
interface Slots {
  params: number[];
  countParams?: number[];
}

interface PlanEntry {
  schema: SchemaSnapshot;
  prepared: Prepared;
  /** A plan shared by every read of its shape: where the request's filter values go. */
  slots?: Slots;
  /** The shape could not be shared: each request of it is planned, and kept, on its own. */
  unshared?: true;
}

/**
 * GET and HEAD statements planned once: requests of the same shape (path, query string less the
 * values of plain filters, profile, Prefer, Accept, Range: everything prepare() reads) against the
 * same schema snapshot get the statement planned the first time, with their own filter values as
 * its bind parameters. Parsing the query, planning the embeds and building the SQL was a fixed cost
 * on every read of the tournament list (bench/rest-overhead), and a plan per value (a player's id)
 * would have been re-planned once more players than `max` read. A shape is planned with a marker in
 * place of each value; it is shared only if each marker came out as exactly one whole bind parameter
 * (and nowhere in the SQL), else each request of that shape is planned on its own as before. A
 * schema reload makes a new snapshot: the older plans are dropped when it is first used. The least
 * recently used go past `max`.
 */
export class PlanCache {
  private readonly entries = new Map<string, PlanEntry>();
  /** The snapshot each schema's plans were made with. */
  private readonly current = new Map<string, SchemaSnapshot>();
  /** Marks a filter value's place while a shape is planned; never sent to Postgres. */
  private readonly marker = `\u0000plan-value-${randomUUID()}-`;
  constructor(
    private readonly options: RestOptions,
    private readonly max = 256,
  ) {}

  prepare(schema: SchemaSnapshot, request: ApiRequest): Prepared {
    const key = request.planKey;
    if (key === undefined) return prepare(schema, request, this.options);
    // A new snapshot of a schema: its older plans go at once, and with them the old snapshot they hold.
    if (this.current.get(schema.schema) !== schema) {
      for (const [k, entry] of this.entries) if (entry.schema.schema === schema.schema) this.entries.delete(k);
      this.current.set(schema.schema, schema);
    }
    const values = request.planValues ?? [];
    let entry = this.get(key, schema);
    if (!entry) {
      entry = values.length
        ? this.planShape(schema, request)
        : { schema, prepared: prepare(schema, request, this.options) };
      this.set(key, entry);
    }
    if (entry.slots) return fill(entry.prepared, entry.slots, values);
    if (!entry.unshared) return entry.prepared;
    const own = `${key}\n${JSON.stringify(values)}`;
    let alone = this.get(own, schema);
    if (!alone) this.set(own, (alone = { schema, prepared: prepare(schema, request, this.options) }));
    return alone.prepared;
  }

  private get(key: string, schema: SchemaSnapshot): PlanEntry | undefined {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit?.schema !== schema) return undefined;
    this.entries.set(key, hit);
    return hit;
  }

  private set(key: string, entry: PlanEntry): void {
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Plans the request's shape with markers for its filter values, and finds where they went. */
  private planShape(schema: SchemaSnapshot, request: ApiRequest): PlanEntry {
    const values = request.planValues!;
    const markers = values.map((_, i) => `${this.marker}${i}`);
    const search = new URLSearchParams();
    let i = 0;
    for (const [key, value] of new URLSearchParams(request.search)) {
      const operator = plainOperator(key, value);
      search.append(key, operator ? operator + markers[i++] : value);
    }
    const prepared = prepare(schema, { ...request, search: `?${search}` }, this.options);
    const params = slotsOf(prepared.sql, prepared.params, markers, this.marker);
    const countParams = prepared.countSource
      ? slotsOf(prepared.countSource.sql, prepared.countSource.params, markers, this.marker)
      : undefined;
    if (!params || (prepared.countSource && !countParams)) return { schema, prepared, unshared: true };
    return { schema, prepared, slots: { params, countParams } };
  }
}

/** The index of each marker among the parameters, if each is exactly one whole parameter and in no SQL. */
function slotsOf(sql: string, params: unknown[], markers: string[], prefix: string): number[] | undefined {
  if (sql.includes(prefix)) return undefined;
  const at = markers.map(() => -1);
  for (let p = 0; p < params.length; p++) {
    const value = params[p];
    if (typeof value !== 'string' || !value.includes(prefix)) continue;
    const m = markers.indexOf(value);
    if (m < 0 || at[m] !== -1) return undefined;
    at[m] = p;
  }
  return at.includes(-1) ? undefined : at;
}

/** A shared plan with this request's filter values in their places. */
function fill(prepared: Prepared, slots: Slots, values: string[]): Prepared {
  const params = prepared.params.slice();
  slots.params.forEach((p, i) => (params[p] = values[i]));
  if (!prepared.countSource || !slots.countParams) return { ...prepared, params };
  const countParams = prepared.countSource.params.slice();
  slots.countParams.forEach((p, i) => (countParams[p] = values[i]));
  return { ...prepared, params, countSource: { ...prepared.countSource, params: countParams } };
}

/** The body as JSON, refused (PGRST102) when empty, malformed or nested deeper than anything the API writes. */
function parseJsonBody(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw invalidBody();
  try {
    return parseJson(text);
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : null);
  }
}

/**
 * The body as Postgres gets it: the text that was sent (an object wrapped in an array for inserts),
 * never JSON.parse's re-encoding, which rounds 9007199254740993 and turns 1e400 into null. JS only
 * checks its shape; Postgres converts each value to its column's type, as behind PostgREST.
 */
function rawJson(text: string, isArray = true): string {
  return isArray ? text : `[${text}]`;
}

/** Runs the statement and applies the checks that undo it: one object asked for, max-affected. */
async function run(tx: Queryable, prepared: Prepared, request: ApiRequest, maxRows: number | null): Promise<ResultRow> {
  const result = await tx.query<ResultRow>(prepared.sql, prepared.params);
  const row = result.rows[0]!;
  const affected = Number(row.page_total);
  // A mutation that asked for one object and touched another number of rows is undone.
  if (prepared.kind !== 'read' && prepared.kind !== 'call' && prepared.single && affected !== 1)
    throw notSingle(affected);
  // max-affected (with handling=strict) counts what PATCH, DELETE and rpc calls touched.
  const counted = prepared.kind === 'update' || prepared.kind === 'delete' || request.target.kind === 'rpc';
  if (counted && request.prefer.maxAffected !== undefined && affected > request.prefer.maxAffected) {
    throw new ApiError(
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
  if (prepared.countSource)
    row.total = String(await countEstimate(tx, prepared.countSource, request, row.total, maxRows));
  return row;
}

/** count=planned: the planner's estimate; count=estimated: the exact count up to max_rows, the estimate past it. */
async function countEstimate(
  tx: Queryable,
  source: NonNullable<Prepared['countSource']>,
  request: ApiRequest,
  exact: string | null,
  maxRows: number | null,
): Promise<number> {
  if (request.prefer.count === 'estimated' && exact !== null && (maxRows === null || Number(exact) <= maxRows))
    return Number(exact);
  return plannedRows(tx, source);
}

async function plannedRows(tx: Queryable, source: { sql: string; params: unknown[] }): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${source.sql}`, source.params);
  const doc = rows[0]?.['QUERY PLAN'];
  const plan = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** `Accept: application/vnd.pgrst.plan`: EXPLAIN the statement with the options asked for. */
async function explain(tx: Queryable, prepared: Prepared, plan: NonNullable<Representation['plan']>): Promise<string> {
  const options = [`format ${plan.format}`];
  for (const option of ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const)
    if (plan[option]) options.push(option);
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (${options.join(', ')}) ${prepared.sql}`,
    prepared.params,
  );
  if (plan.format === 'text') return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  const doc = rows[0]?.['QUERY PLAN'];
  return typeof doc === 'string' ? doc : JSON.stringify(doc);
}

function prepare(schema: SchemaSnapshot, request: ApiRequest, options: RestOptions): Prepared {
  return request.target.kind === 'rpc'
    ? prepareCall(schema, request, options)
    : prepareRelation(schema, request, options);
}

/** The Range header and `max_rows` narrow what the root level returns. */
function applyRange(query: QueryParams, range: ApiRequest['range'], maxRows: number | null): void {
  const root = query.levels.get('')!;
  if (range) {
    root.offset ??= range.offset;
    if (range.limit !== undefined)
      root.limit = root.limit === undefined ? range.limit : Math.min(root.limit, range.limit);
  }
  if (maxRows !== null) root.limit = root.limit === undefined ? maxRows : Math.min(root.limit, maxRows);
}

function responseShape(request: ApiRequest, single: boolean, head: boolean, root?: ReadNode): ResponseShape {
  const { prefer, accept } = request;
  return {
    single,
    stripNulls: accept.stripNulls,
    head,
    // planned counts come from EXPLAIN, not from counting the rows.
    count: prefer.count === 'exact' || prefer.count === 'estimated',
    csv: accept.csv && root ? { header: outputNames(root).join(',') } : undefined,
  };
}

/** The statement count=planned|estimated asks EXPLAIN about (reads only, as PostgREST does). */
function countSource(
  request: ApiRequest,
  root: ReadNode,
  from: (params: Params) => string,
  schemaName: string,
): Prepared['countSource'] {
  if (request.prefer.count !== 'planned' && request.prefer.count !== 'estimated') return undefined;
  const params = new Params(schemaName);
  const sql = buildCountSource(root, from(params), params);
  return { sql, params: params.values };
}

function prepareRelation(schema: SchemaSnapshot, request: ApiRequest, options: RestOptions): Prepared {
  const table = requireTable(schema, request.target.name);
  const query = parseQuery(new URLSearchParams(request.search));
  const params = new Params(schema.schema);
  const { method, prefer, accept } = request;
  const head = method === 'HEAD';

  if (method === 'GET' || method === 'HEAD') {
    applyRange(query, request.range, options.maxRows);
    const root = planRead(schema, { relation: table.name, columns: table.columns }, query);
    const from = (p: Params) => `${p.qualified(table.name)} ${root.alias}`;
    const sql = buildRead(root, from(params), responseShape(request, accept.single, head, root), params);
    return {
      sql,
      params: params.values,
      kind: 'read',
      single: accept.single,
      offset: root.offset ?? 0,
      returnsBody: !head,
      table: table.name,
      countSource: countSource(request, root, from, schema.schema),
    };
  }

  const root = planRead(schema, { relation: table.name, columns: table.columns }, query);
  for (const [path, level] of query.levels) {
    if (path !== '' && level.conditions.length > 0) {
      throw new ApiError(
        'PGRST100',
        `"failed to parse filter (${path})"`,
        'Filters on embedded resources are not supported on inserts, updates and deletes.',
      );
    }
  }
  if (root.conditions.some((c) => c.kind === 'embedded')) {
    throw new ApiError(
      'PGRST100',
      '"failed to parse filter"',
      'Filters on embedded resources are not supported on inserts, updates and deletes.',
    );
  }
  const returnRows =
    prefer.return === 'representation' ? 'all' : prefer.return === 'headers-only' ? 'primary-key' : 'none';
  const shape = responseShape(request, accept.single, false, root);
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
    payload = rawJson(request.body!, Array.isArray(body));
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
      columns = query.columns ?? Object.keys(body);
      requireColumns(columns);
      payload = request.body!;
    }
  }
  // missing=default: a column named (by ?columns or by another row) but absent from a row takes its default.
  const defaults = prefer.missing === 'default' ? columns.map((name) => table.columnsByName.get(name)!) : undefined;
  const sql = buildMutation({ kind, table, root, payload, columns, onConflict, returnRows, defaults }, shape, params);
  return {
    sql,
    params: params.values,
    kind,
    single: accept.single,
    offset: 0,
    returnsBody: returnRows === 'all',
    table: table.name,
    upsert: kind === 'insert' && !!onConflict,
  };
}

function prepareCall(schema: SchemaSnapshot, request: ApiRequest, options: RestOptions): Prepared {
  const name = request.target.name;
  const overloads = schema.functions.get(name) ?? [];
  const head = request.method === 'HEAD';
  const post = request.method === 'POST';
  let args: Record<string, unknown> = {};
  let body: unknown = {};
  let query: QueryParams;
  if (post) {
    body = request.body?.trim() ? parseJsonBody(request.body) : {};
    if (isObject(body)) args = body;
    query = parseQuery(new URLSearchParams(request.search));
  } else {
    const argNames = new Set(overloads.flatMap((f) => f.args.map((a) => a.name)));
    query = parseQuery(new URLSearchParams(request.search), argNames);
    args = Object.fromEntries(query.rpcArgs);
  }
  const { fn, positional } = resolveFunction(schema, name, Object.keys(args), post);
  if (!positional && !isObject(body)) throw invalidBody('The arguments of a function call must be a JSON object.');
  const callArgs = positional ? undefined : fn.args.length === 1 && !(fn.args[0]!.name in args) && post ? {} : args;
  const positionalBody = positional ? (post ? request.body!.trim() || '{}' : JSON.stringify(body)) : undefined;
  // A POST's arguments reach Postgres as the text that was sent; GET's are strings from the URL.
  const argsText = post && callArgs === args && request.body?.trim() ? request.body : undefined;
  const params = new Params(schema.schema);
  const { accept } = request;

  if (fn.returns !== 'composite') {
    if (accept.csv)
      throw new ApiError('PGRST107', `None of these media types are available: text/csv`, null, null, 406);
    const alias = 'pgrst_1';
    const from = functionFrom(fn, callArgs ?? {}, alias, params, positionalBody, argsText);
    return {
      sql: buildScalarCall(fn, from, alias, responseShape(request, false, head)),
      params: params.values,
      kind: 'call',
      single: accept.single && fn.setof,
      offset: 0,
      returnsBody: !head,
      voidCall: fn.returns === 'void',
    };
  }
  if (fn.setof) applyRange(query, request.range, options.maxRows);
  const root: ReadNode = planRead(
    schema,
    { relation: fn.name, columns: fn.columns, embedSource: fn.returnTable },
    query,
  );
  const from = (p: Params) => functionFrom(fn, callArgs ?? {}, root.alias, p, positionalBody, argsText);
  // A function returning one row answers an object; a set answers an array (or one object if asked).
  const single = fn.setof ? accept.single : true;
  return {
    sql: buildRead(root, from(params), responseShape(request, single, head, root), params),
    params: params.values,
    kind: fn.setof ? 'read' : 'call',
    single: fn.setof && accept.single,
    offset: root.offset ?? 0,
    returnsBody: !head,
    countSource: fn.setof ? countSource(request, root, from, schema.schema) : undefined,
  };
}

function planResponse(request: ApiRequest, plan: string): Answer {
  const p = request.accept.plan!;
  const headers: Record<string, string> = {
    'content-type': `application/vnd.pgrst.plan+${p.format}; for="${p.for}"; charset=utf-8`,
  };
  if (request.prefer.applied.length) headers['preference-applied'] = request.prefer.applied.join(', ');
  return { status: 200, headers, body: plan };
}

function respond(request: ApiRequest, prepared: Prepared, row: ResultRow): Answer {
  const contentType = request.accept.csv ? CSV_TYPE : prepared.single ? OBJECT_TYPE : JSON_TYPE;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (request.prefer.applied.length) headers['preference-applied'] = request.prefer.applied.join(', ');
  const pageTotal = Number(row.page_total);
  const total = row.total === null || !request.prefer.count ? undefined : Number(row.total);
  const body = prepared.returnsBody ? (row.body ?? 'null') : null;

  if (prepared.kind === 'read') {
    if (prepared.single && pageTotal !== 1) throw notSingle(pageTotal);
    const lower = prepared.offset;
    const upper = lower + pageTotal - 1;
    headers['content-range'] = `${pageTotal > 0 ? `${lower}-${upper}` : '*'}/${total ?? '*'}`;
    let status = 200;
    if (total !== undefined) {
      if (lower > total) {
        const error = new ApiError(
          'PGRST103',
          'Requested range not satisfiable',
          `An offset of ${lower} was requested, but there are only ${total} rows.`,
        );
        return {
          status: 416,
          headers: { 'content-type': JSON_TYPE, 'content-range': `*/${total}` },
          body: JSON.stringify(error.body()),
        };
      }
      if (pageTotal < total) status = 206;
    }
    return { status, headers, body: request.method === 'HEAD' ? null : body };
  }

  if (prepared.kind === 'call') {
    if (prepared.voidCall) return { status: 204, headers, body: null };
    headers['content-range'] = `0-${pageTotal - 1}/${total ?? '*'}`;
    return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
  }

  const count = request.prefer.count ? String(pageTotal) : '*';
  if (prepared.kind === 'insert') {
    headers['content-range'] = `*/${count}`;
    if (row.location && prepared.table) {
      const keys = JSON.parse(row.location) as Record<string, unknown>;
      const query = Object.entries(keys).map(
        ([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`,
      );
      headers['location'] = `/${prepared.table}?${query.join('&')}`;
    }
    const status = prepared.upsert && Number(row.inserted ?? 0) === 0 ? 200 : 201;
    return { status, headers, body };
  }
  headers['content-range'] = `${pageTotal > 0 ? `0-${pageTotal - 1}` : '*'}/${count}`;
  if (body === null) {
    delete headers['content-type'];
    return { status: 204, headers, body: null };
  }
  return { status: 200, headers, body };
}
