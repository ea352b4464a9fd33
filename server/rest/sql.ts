// Step three: a plan becomes one SQL statement (PostgREST's QueryBuilder). Identifiers come from the
// schema cache and are always quoted; every value from the request is a bind parameter. The response
// body is built by Postgres itself (json_agg), so its JSON is the same on PGlite and on Postgres.
import { ApiError } from './errors.ts';
import { FILTER_OPERATORS, FTS_FUNCTIONS, type JsonStep, type OrderTerm } from './parse.ts';
import type { PlannedCondition, Projection, ReadNode } from './plan.ts';
import type { Column, Func, Relationship, Table } from './schema-cache.ts';

/** A quoted identifier. parse.ts refuses names with a NUL; this is the last guard (a NUL would end the statement). */
export const ident = (name: string) => {
  if (name.includes('\u0000'))
    throw new ApiError('PGRST100', `"failed to parse name (${name})"`, 'unexpected NUL character');
  return `"${name.replaceAll('"', '""')}"`;
};
export const qualified = (name: string, schema = 'public') => `${ident(schema)}.${ident(name)}`;

/** The bind parameters of one statement, and the schema its names live in. */
export class Params {
  readonly values: unknown[] = [];
  constructor(readonly schema = 'public') {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  qualified(name: string): string {
    return qualified(name, this.schema);
  }
}

/** A Postgres array literal from strings: `{"a","b \"c\""}`, so `= any($1)` takes the column's type. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/**
 * A column of a level as SQL: the row's column, or a computed field's function applied to the row,
 * then any JSON path steps into it (keys and indexes are bind parameters).
 */
function columnRef(node: ReadNode, column: string, params: Params, jsonPath?: JsonStep[]): string {
  const fn = node.computed.get(column);
  const base = fn ? `${params.qualified(fn)}(${node.alias})` : `${node.alias}.${ident(column)}`;
  if (!jsonPath?.length) return base;
  return jsonPath.reduce(
    (expr, step) => `(${expr} ${step.arrow} ${params.add(step.key)}::${step.index ? 'int' : 'text'})`,
    base,
  );
}

function condition(c: PlannedCondition, node: ReadNode, params: Params, embedBody: (output: string) => string): string {
  if (c.kind === 'embedded') return `${embedBody(c.output)} is ${c.isNull ? '' : 'not '}null`;
  if (c.kind === 'logic') {
    const parts = c.children.map((x) => condition(x, node, params, embedBody));
    const joined = `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
    return c.negate ? `not ${joined}` : joined;
  }
  const col = columnRef(node, c.column, params, c.jsonPath);
  const p = c.predicate;
  let sql: string;
  switch (p.op) {
    case 'in':
      sql = p.values.length === 0 ? 'false' : `${col} = any(${params.add(arrayLiteral(p.values))})`;
      break;
    case 'is':
      sql = `${col} is ${p.value === 'not_null' ? 'not null' : p.value}`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = FTS_FUNCTIONS[p.op];
      sql = p.config
        ? `${col} @@ ${fn}(${params.add(p.config)}::regconfig, ${params.add(p.value)})`
        : `${col} @@ ${fn}(${params.add(p.value)})`;
      break;
    }
    default: {
      const like = p.op === 'like' || p.op === 'ilike';
      const fix = (v: string) => (like ? v.replaceAll('*', '%') : v);
      const op = FILTER_OPERATORS[p.op];
      sql = p.quantifier
        ? `${col} ${op} ${p.quantifier}(${params.add(arrayLiteral(p.values!.map(fix)))})`
        : `${col} ${op} ${params.add(fix(p.value))}`;
    }
  }
  return c.negate ? `not (${sql})` : sql;
}

function orderBy(terms: OrderTerm[], node: ReadNode, params: Params): string {
  if (terms.length === 0) return '';
  return ` order by ${terms
    .map(
      (t) =>
        `${columnRef(node, t.column, params, t.jsonPath)}${t.direction ? ' ' + t.direction : ''}${t.nulls ? ' nulls ' + t.nulls : ''}`,
    )
    .join(', ')}`;
}

function limitOffset(limit: number | undefined, offset: number | undefined, params: Params): string {
  return `${limit !== undefined ? ` limit ${params.add(String(limit))}::bigint` : ''}${offset ? ` offset ${params.add(String(offset))}::bigint` : ''}`;
}

/** The pieces of one level's SELECT; the caller puts them around its own FROM. */
export interface LevelSql {
  projection: string;
  joins: string;
  /** Only the joins the WHERE needs (for counting without building JSON). */
  filteringJoins: string;
  where: string;
  groupBy: string;
  orderBy: string;
  limitOffset: string;
}

export function buildLevel(node: ReadNode, params: Params): LevelSql {
  const a = node.alias;
  const columnsOut: string[] = [];
  const groupable: string[] = [];
  const joins: { sql: string; filtering: boolean; output: string }[] = [];
  const where: string[] = [];
  const embedBodies = new Map<string, string>();
  let aggregated = false;

  for (const p of node.projection) {
    if (p.kind === 'column') {
      const expr = `${columnRef(node, p.column, params, p.jsonPath)}${p.cast ? '::' + p.cast : ''}`;
      if (p.aggregate) {
        aggregated = true;
        columnsOut.push(`${p.aggregate}(${expr}) as ${ident(p.output)}`);
      } else {
        groupable.push(expr);
        columnsOut.push(`${expr} as ${ident(p.output)}`);
      }
    } else if (p.kind === 'count') {
      aggregated = true;
      columnsOut.push(`count(*) as ${ident(p.output)}`);
    } else {
      const embedded = buildEmbed(p, a, params);
      joins.push({ sql: embedded.join, filtering: p.inner, output: p.output });
      if (p.spread) {
        // A spread to-many gives each column as an array of the related rows' values.
        const value = (name: string) =>
          p.relationship.toOne
            ? `${embedded.lateral}.${ident(name)}`
            : `coalesce(${embedded.lateral}.${ident(name)}, '[]'::json)`;
        for (const name of embedded.outputs) columnsOut.push(`${value(name)} as ${ident(name)}`);
        groupable.push(...embedded.outputs.map((name) => `${embedded.lateral}.${ident(name)}`));
        if (p.inner && !p.relationship.toOne) where.push(`${embedded.lateral}.pgrst_count > 0`);
      } else {
        const body = `${embedded.lateral}.body`;
        embedBodies.set(p.output, body);
        if (!p.hidden)
          columnsOut.push(`${p.relationship.toOne ? body : `coalesce(${body}, '[]'::json)`} as ${ident(p.output)}`);
        if (p.inner) where.push(`${body} is not null`);
      }
    }
  }
  const embedBody = (output: string) => embedBodies.get(output)!;
  for (const c of node.conditions) {
    where.push(condition(c, node, params, embedBody));
    if (c.kind === 'embedded') for (const j of joins) if (j.output === c.output) j.filtering = true;
  }
  return {
    projection: columnsOut.join(', '),
    joins: joins.map((j) => j.sql).join(' '),
    filteringJoins: joins
      .filter((j) => j.filtering)
      .map((j) => j.sql)
      .join(' '),
    where: where.length ? ` where ${where.join(' and ')}` : '',
    groupBy: aggregated && groupable.length ? ` group by ${groupable.join(', ')}` : '',
    orderBy: orderBy(node.order, node, params),
    limitOffset: limitOffset(node.limit, node.offset, params),
  };
}

function buildEmbed(p: Extract<Projection, { kind: 'embed' }>, parentAlias: string, params: Params) {
  const child = p.node;
  const c = child.alias;
  const r: Relationship = p.relationship;
  const lateral = `${c}_l`;
  const level = buildLevel(child, params);
  let from = `${params.qualified(child.relation)} ${c}`;
  let joinCondition: string[];
  if (r.function) {
    // A computed relationship: the function takes the parent row and returns the related rows.
    from = `${params.qualified(r.function)}(${parentAlias}) ${c}`;
    joinCondition = ['true'];
  } else if (r.junction) {
    const j = `${c}_j`;
    from += ` join ${params.qualified(r.junction.table)} ${j} on ${r.junction.targetColumns
      .map((col, i) => `${j}.${ident(col)} = ${c}.${ident(r.targetColumns[i]!)}`)
      .join(' and ')}`;
    joinCondition = r.junction.sourceColumns.map(
      (col, i) => `${j}.${ident(col)} = ${parentAlias}.${ident(r.sourceColumns[i]!)}`,
    );
  } else {
    joinCondition = r.targetColumns.map(
      (col, i) => `${c}.${ident(col)} = ${parentAlias}.${ident(r.sourceColumns[i]!)}`,
    );
  }
  const where = level.where
    ? `${level.where} and ${joinCondition.join(' and ')}`
    : ` where ${joinCondition.join(' and ')}`;
  const select = `select ${level.projection} from ${from} ${level.joins}${where}${level.groupBy}${level.orderBy}${level.limitOffset}`;
  if (p.spread) {
    const outputs = outputNames(child);
    if (r.toOne)
      return { lateral, outputs, join: `${p.inner ? 'inner' : 'left'} join lateral (${select}) ${lateral} on true` };
    const arrays = outputs.map((name) => `json_agg(pgrst_r.${ident(name)}) as ${ident(name)}`);
    return {
      lateral,
      outputs,
      join: `left join lateral (select ${[...arrays, 'count(*) as pgrst_count'].join(', ')} from (${select}) pgrst_r) ${lateral} on true`,
    };
  }
  const agg = r.toOne ? `row_to_json(pgrst_r)::json` : `json_agg(pgrst_r)::json`;
  return {
    lateral,
    outputs: [],
    join: `left join lateral (select ${agg} as body from (${select}) pgrst_r) ${lateral} on true`,
  };
}

/** The names a level's rows have, in order (spread embeds contribute theirs): what a CSV header lists. */
export function outputNames(node: ReadNode): string[] {
  return node.projection.flatMap((p) => (p.kind === 'embed' && p.spread ? outputNames(p.node) : [p.output]));
}

export interface ResponseShape {
  single: boolean;
  stripNulls: boolean;
  /** HEAD: no body is built. */
  head: boolean;
  count: boolean;
  /** Accept: text/csv: the header line (the output names), then one line per row. */
  csv?: { header: string };
}

function bodyExpression(shape: ResponseShape, rows: string, params: Params): string {
  if (shape.head) return 'null::text';
  if (shape.csv) {
    // PostgREST's CSV: the header (empty when there are no rows), then each row's record text
    // without its parentheses, so values are quoted and escaped the way Postgres writes records.
    const header = params.add(shape.csv.header);
    return `case when count(*) = 0 then '' else ${header}::text end || chr(10) || coalesce(string_agg(substring(${rows}::text, 2, length(${rows}::text) - 2), chr(10)), '')`;
  }
  const json = shape.single ? `(json_agg(${rows}) -> 0)` : `coalesce(json_agg(${rows}), '[]'::json)`;
  return `${shape.stripNulls ? `json_strip_nulls(${json})` : json}::text`;
}

/** GET/HEAD on a table or view, or the rows of an rpc: one row of (total, body, page_total). */
export function buildRead(root: ReadNode, from: string, shape: ResponseShape, params: Params, prefix = ''): string {
  const level = buildLevel(root, params);
  const inner = `select ${level.projection} from ${from} ${level.joins}${level.where}${level.groupBy}${level.orderBy}${level.limitOffset}`;
  const count = shape.count
    ? `(select count(*) from (select 1 from ${from} ${level.filteringJoins}${level.where}${level.groupBy}) pgrst_c)::text`
    : 'null::text';
  return `${prefix}select ${count} as total, ${bodyExpression(shape, 'pgrst_t', params)} as body, count(*)::text as page_total from (${inner}) pgrst_t`;
}

/**
 * The rows a count counts, as a statement of its own (its own Params): what EXPLAIN estimates for
 * `count=planned`. Only the embeds that filter the root are joined.
 */
export function buildCountSource(root: ReadNode, from: string, params: Params): string {
  const filtering = new Set(root.conditions.flatMap((c) => (c.kind === 'embedded' ? [c.output] : [])));
  const projection = root.projection.filter((p) => p.kind === 'embed' && (p.inner || filtering.has(p.output)));
  const level = buildLevel({ ...root, projection, order: [], limit: undefined, offset: undefined }, params);
  return `select 1 from ${from} ${level.joins}${level.where}${level.groupBy}`;
}

export interface MutationInput {
  kind: 'insert' | 'update' | 'delete';
  table: Table;
  root: ReadNode;
  /** The payload, always as a JSON array text (insert) or object text (update). */
  payload?: string;
  columns: string[];
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  returnRows: 'none' | 'primary-key' | 'all';
  /** `Prefer: missing=default`: these columns take their default when a row leaves them out. */
  defaults?: Column[];
}

/** The JSON payload as the rows to write; with defaults, each row's missing keys get the column default. */
function payloadJson(m: MutationInput, params: Params): string {
  const payload = params.add(m.payload);
  const defaults = (m.defaults ?? []).filter((c) => c.default);
  if (defaults.length === 0) return `${payload}::json`;
  const object = `jsonb_build_object(${defaults.map((c) => `${params.add(c.name)}::text, ${c.default}`).join(', ')})`;
  return m.kind === 'insert'
    ? `(select coalesce(jsonb_agg(${object} || pgrst_e), '[]') from jsonb_array_elements(${payload}::jsonb) pgrst_e)::json`
    : `(${object} || ${payload}::jsonb)::json`;
}

/** INSERT/UPDATE/DELETE in a CTE, then the representation built from what it returned. */
export function buildMutation(m: MutationInput, shape: ResponseShape, params: Params): string {
  const t = params.qualified(m.table.name);
  const a = m.root.alias;
  const returning =
    m.returnRows === 'all'
      ? `${a}.*`
      : m.returnRows === 'primary-key' && m.table.primaryKey.length
        ? m.table.primaryKey.map((k) => `${a}.${ident(k)}`).join(', ')
        : '1';
  let statement: string;
  if (m.kind === 'insert') {
    const cols = m.columns.map(ident).join(', ');
    if (m.columns.length === 0) {
      statement = `insert into ${t} as ${a} default values`;
    } else {
      statement = `insert into ${t} as ${a} (${cols}) select ${cols} from json_populate_recordset(null::${t}, ${payloadJson(m, params)}) pgrst_body`;
    }
    if (m.onConflict && m.onConflict.columns.length) {
      const target = m.onConflict.columns.map(ident).join(', ');
      const updatable = m.columns;
      statement +=
        m.onConflict.action === 'ignore' || updatable.length === 0
          ? ` on conflict (${target}) do nothing`
          : ` on conflict (${target}) do update set ${updatable.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
    }
  } else {
    const level = buildLevel({ ...m.root, projection: [], order: [], limit: undefined, offset: undefined }, params);
    if (m.kind === 'update') {
      if (m.columns.length === 0) {
        statement = `select ${a}.* from ${t} ${a} where false`;
      } else {
        statement = `update ${t} as ${a} set ${m.columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ')} from (select * from json_populate_record(null::${t}, ${payloadJson(m, params)})) pgrst_body${level.where}`;
      }
    } else {
      statement = `delete from ${t} as ${a}${level.where}`;
    }
  }
  // An upsert answers 201 only when it inserted something: xmax is 0 on a freshly inserted row.
  const upsert = m.kind === 'insert' && m.onConflict?.action === 'merge';
  if (!statement.startsWith('select'))
    statement += ` returning ${returning}${upsert ? `, ${a}.xmax = 0 as pgrst_inserted` : ''}`;
  const cte = `with pgrst_source as (${statement}) `;
  const inserted = upsert ? `(select count(*) from pgrst_source where pgrst_inserted)::text` : 'null::text';
  const location =
    m.returnRows === 'primary-key' && m.table.primaryKey.length
      ? `(select json_build_object(${m.table.primaryKey.map((k) => `${params.add(k)}::text, ${ident(k)}`).join(', ')})::text from pgrst_source limit 1)`
      : 'null::text';
  if (m.returnRows !== 'all') {
    return `${cte}select count(*)::text as total, null::text as body, count(*)::text as page_total, ${location} as location, ${inserted} as inserted from pgrst_source`;
  }
  // The representation reads from what the statement returned, with the same select and embeds.
  // row_number keeps the order the rows were written in (the joins of embeds may not).
  const level = buildLevel({ ...m.root, conditions: [] }, params);
  const source = `(select pgrst_s.*, row_number() over () as pgrst_ord from pgrst_source pgrst_s) ${a}`;
  const order = level.orderBy || (level.groupBy ? '' : ` order by ${a}.pgrst_ord`);
  const inner = `select ${level.projection} from ${source} ${level.joins}${level.groupBy}${order}`;
  return `${cte}select count(*)::text as total, ${bodyExpression(shape, 'pgrst_t', params)} as body, count(*)::text as page_total, ${location} as location, ${inserted} as inserted from (${inner}) pgrst_t`;
}

/**
 * The call of an rpc as a FROM item: named arguments go through json_to_record so Postgres converts
 * them; a function taking one unnamed json/jsonb parameter gets the whole body (`positional`).
 */
export function functionFrom(
  fn: Func,
  args: Record<string, unknown>,
  alias: string,
  params: Params,
  positional?: string,
  /** The arguments as the JSON text the client sent (POST), so numbers keep their precision. */
  argsText?: string,
): string {
  const target = (call: string) => (fn.returns === 'composite' ? `${call} ${alias}` : `${call} ${alias}(pgrst_scalar)`);
  if (positional !== undefined)
    return target(`${params.qualified(fn.name)}(${params.add(positional)}::${fn.args[0]!.type})`);
  const names = fn.args.filter((x) => x.name in args);
  const call = `${params.qualified(fn.name)}(${names.map((x) => `${ident(x.name)} := pgrst_args.${ident(x.name)}`).join(', ')})`;
  if (names.length === 0) return target(call);
  const record = names.map((x) => `${ident(x.name)} ${x.type}`).join(', ');
  return `json_to_record(${params.add(argsText ?? JSON.stringify(args))}::json) as pgrst_args(${record}) cross join lateral ${target(call)}`;
}

/** An rpc returning a scalar (or a set of them): the value, or an array of values. */
export function buildScalarCall(fn: Func, from: string, alias: string, shape: ResponseShape): string {
  const value = `${alias}.pgrst_scalar`;
  if (!fn.setof) {
    return `select ${shape.count ? `'1'` : 'null::text'} as total, ${shape.head ? 'null::text' : `to_json(${value})::text`} as body, '1' as page_total from ${from}`;
  }
  const body = shape.head ? 'null::text' : `coalesce(json_agg(${value}), '[]'::json)::text`;
  return `select ${shape.count ? 'count(*)::text' : 'null::text'} as total, ${body} as body, count(*)::text as page_total from ${from}`;
}
