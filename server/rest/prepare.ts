// Steps two and three for one request: the parsed query planned against the schema cache (plan.ts)
// and built into one statement (sql.ts), with what the response needs to know about it.
import { ApiError, invalidBody, payloadColumnNotFound } from './errors.ts';
import { parseQuery, type QueryParams } from './parse.ts';
import { planRead, requireTable, resolveFunction, type ReadNode } from './plan.ts';
import type { ApiRequest } from './request.ts';
import type { RestSettings } from './settings.ts';
import type { SchemaSnapshot, Table } from './schema-cache.ts';
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
import { isObject, parseJson } from '../shared/http.ts';

/** The planned statement and what the response needs to know about it. */
export interface Prepared {
  sql: string;
  params: unknown[];
  kind: 'read' | 'insert' | 'update' | 'delete' | 'call';
  single: boolean;
  /** GET/HEAD on a relation or setof rpc: the offset Content-Range starts at. */
  offset: number;
  returnsBody: boolean;
  voidCall?: boolean;
  table?: string;
  /** A merging upsert: 201 only if it inserted a row, else 200 (ignore-duplicates is always 201, as in PostgREST). */
  upsert?: boolean;
  /** count=planned|estimated: the statement whose rows EXPLAIN estimates. */
  countSource?: { sql: string; params: unknown[] };
}

export function prepare(schema: SchemaSnapshot, request: ApiRequest, options: RestSettings): Prepared {
  if (request.target.kind === 'rpc') return prepareCall(schema, request, options);
  const table = requireTable(schema, request.target.name);
  const query = parseQuery(new URLSearchParams(request.search));
  return request.method === 'GET' || request.method === 'HEAD'
    ? prepareRead(schema, table, request, query, options)
    : prepareMutation(schema, table, request, query, options);
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

function prepareRead(
  schema: SchemaSnapshot,
  table: Table,
  request: ApiRequest,
  query: QueryParams,
  options: RestSettings,
): Prepared {
  const head = request.method === 'HEAD';
  const params = new Params(schema.schema);
  applyRange(query, request.range, options.maxRows);
  const root = planRead(schema, { relation: table.name, columns: table.columns }, query, options.aggregatesEnabled);
  const from = (p: Params) => `${p.qualified(table.name)} ${root.alias}`;
  const sql = buildRead(root, from(params), responseShape(request, request.accept.single, head, root), params);
  return {
    sql,
    params: params.values,
    kind: 'read',
    single: request.accept.single,
    offset: root.offset ?? 0,
    returnsBody: !head,
    table: table.name,
    countSource: countSource(request, root, from, schema.schema),
  };
}

/** POST, PATCH and DELETE on a table or view: the write in a CTE, its representation read from what it returned. */
function prepareMutation(
  schema: SchemaSnapshot,
  table: Table,
  request: ApiRequest,
  query: QueryParams,
  options: RestSettings,
): Prepared {
  const { method, prefer, accept } = request;
  const root = planRead(schema, { relation: table.name, columns: table.columns }, query, options.aggregatesEnabled);
  refuseEmbeddedFilters(query, root);
  const returnRows =
    prefer.return === 'representation' ? 'all' : prefer.return === 'headers-only' ? 'primary-key' : 'none';
  const kind = method === 'POST' ? 'insert' : method === 'PATCH' ? 'update' : 'delete';
  const prepared: Omit<Prepared, 'sql' | 'params'> = {
    kind,
    single: accept.single,
    offset: 0,
    returnsBody: returnRows === 'all',
    table: table.name,
  };

  let written: Written = { columns: [] };
  if (kind === 'insert') {
    written = insertPayload(table, request, query);
    if (written.payload === undefined) {
      // Nothing to insert and no column to name: answer without touching the table.
      const sql = `select '0' as total, '[]' as body, '0' as page_total, null::text as location`;
      return { ...prepared, sql, params: [] };
    }
  } else {
    if (root.conditions.length === 0) {
      // Hosted Supabase runs PostgREST with pg-safeupdate: a whole-table UPDATE/DELETE is refused.
      throw new ApiError('21000', `${kind.toUpperCase()} requires a WHERE clause`);
    }
    if (kind === 'update') written = updatePayload(table, request, query);
  }
  const { payload, columns, onConflict } = written;
  // missing=default: a column named (by ?columns or by another row) but absent from a row takes its default.
  const defaults = prefer.missing === 'default' ? columns.map((name) => table.columnsByName.get(name)!) : undefined;
  const params = new Params(schema.schema);
  const shape = responseShape(request, accept.single, false, root);
  const sql = buildMutation({ kind, table, root, payload, columns, onConflict, returnRows, defaults }, shape, params);
  return { ...prepared, sql, params: params.values, upsert: kind === 'insert' && onConflict?.action === 'merge' };
}

function refuseEmbeddedFilters(query: QueryParams, root: ReadNode): void {
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
}

/** What a write sets: the payload as Postgres gets it (none: nothing to write), its columns, and an upsert's target. */
interface Written {
  payload?: string;
  columns: string[];
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
}

function requireColumns(table: Table, names: string[]): void {
  for (const name of names) if (!table.columnsByName.has(name)) throw payloadColumnNotFound(table.name, name);
}

function insertPayload(table: Table, request: ApiRequest, query: QueryParams): Written {
  const body = parseJsonBody(request.body);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw invalidBody('The body must be a JSON object or an array of objects.');
  let columns = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  requireColumns(table, columns);
  if (rows.length === 0) columns = query.columns ?? [];
  let onConflict: Written['onConflict'];
  const resolution = request.prefer.resolution;
  if (resolution) {
    const target = query.onConflict ?? table.primaryKey;
    requireColumns(table, target);
    onConflict = { columns: target, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }
  if (rows.length === 0 && columns.length === 0) return { columns, onConflict };
  return { payload: rawJson(request.body!, Array.isArray(body)), columns, onConflict };
}

function updatePayload(table: Table, request: ApiRequest, query: QueryParams): Written {
  const body = parseJsonBody(request.body);
  if (!isObject(body)) throw invalidBody('The body of an update must be a JSON object.');
  const columns = query.columns ?? Object.keys(body);
  requireColumns(table, columns);
  return { payload: request.body!, columns };
}

function prepareCall(schema: SchemaSnapshot, request: ApiRequest, options: RestSettings): Prepared {
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
    if (accept.csv) throw new ApiError('PGRST107', `None of these media types are available: text/csv`);
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
    options.aggregatesEnabled,
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
