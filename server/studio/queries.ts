// Parse -> plan -> SQL for the studio's row operations. Names reach SQL only as quoted identifiers
// found in pg_catalog (ResolvedTable); every value is a bind parameter sent as text and cast to the
// column's type by Postgres, so both drivers (pg, PGlite) hand Postgres the same input.
import type { Queryable } from '../db/database.ts';
import { quoteIdent, type ResolvedTable, type StudioColumn } from './catalog.ts';
import { StudioError, invalidRequest, notFound } from './errors.ts';

export const PAGE_SIZE = 50;

export type Row = Record<string, string | null>;

export interface RowsQuery {
  page: number;
  sort: string | null;
  dir: 'asc' | 'desc';
  filter: { column: string; op: 'eq' | 'is_null' | 'not_null'; value: string | null } | null;
}

export interface RowsPage {
  rows: Row[];
  /** Rows matching the filter. */
  count: number;
  page: number;
  pageSize: number;
  pages: number;
  sort: string | null;
  dir: 'asc' | 'desc';
  filter: RowsQuery['filter'];
}

function column(table: ResolvedTable, name: string): StudioColumn {
  const col = table.detail.columns.find((c) => c.name === name);
  if (!col) throw invalidRequest(`${table.detail.schema}.${table.detail.name} has no column ${JSON.stringify(name)}.`);
  return col;
}

const sqlOf = (table: ResolvedTable, name: string) => table.sql.get(name)!;

/** Every column read as text: what the page shows is exactly what Postgres accepts back. */
function selectList(table: ResolvedTable): string {
  return table.detail.columns.map((c) => `(${sqlOf(table, c.name).expr})::text as ${quoteIdent(c.name)}`).join(', ');
}

/** A bound value cast to the column's type: `$3::text::integer`. */
const param = (table: ResolvedTable, name: string, index: number) => `$${index}::text::${sqlOf(table, name).cast}`;

export function parseRowsQuery(table: ResolvedTable, q: Record<string, string | undefined>): RowsQuery {
  const pageText = q.page ?? '1';
  if (!/^\d{1,7}$/.test(pageText) || Number(pageText) < 1)
    throw invalidRequest(`page must be a whole number from 1, not ${JSON.stringify(pageText)}.`);
  const sort = q.sort ? column(table, q.sort).name : null;
  const dirText = (q.dir ?? 'asc').toLowerCase();
  if (dirText !== 'asc' && dirText !== 'desc')
    throw invalidRequest(`dir must be asc or desc, not ${JSON.stringify(q.dir)}.`);
  let filter: RowsQuery['filter'] = null;
  if (q.filter_col) {
    const name = column(table, q.filter_col).name;
    const op = q.filter_op ?? 'eq';
    if (op !== 'eq' && op !== 'is_null' && op !== 'not_null')
      throw invalidRequest(`filter_op must be eq, is_null or not_null, not ${JSON.stringify(op)}.`);
    if (op === 'eq' && q.filter_val === undefined)
      throw invalidRequest('filter_val is missing (use filter_op=is_null to find NULLs).');
    filter = { column: name, op, value: op === 'eq' ? checkValue(column(table, name), q.filter_val!) : null };
  }
  return { page: Number(pageText), sort, dir: dirText, filter };
}

export async function selectRows(tx: Queryable, table: ResolvedTable, q: RowsQuery): Promise<RowsPage> {
  const params: unknown[] = [];
  let where = '';
  if (q.filter) {
    const { expr } = sqlOf(table, q.filter.column);
    if (q.filter.op === 'is_null') where = ` where (${expr}) is null`;
    else if (q.filter.op === 'not_null') where = ` where (${expr}) is not null`;
    else {
      params.push(q.filter.value);
      where = ` where (${expr}) = ${param(table, q.filter.column, 1)}`;
    }
  }
  const order: string[] = [];
  if (q.sort) order.push(`(${sqlOf(table, q.sort).expr}) ${q.dir} nulls last`);
  // The primary key breaks ties, so paging never shows a row twice or skips one.
  for (const k of table.detail.primaryKey)
    if (k !== q.sort) order.push(`(${sqlOf(table, k).expr}) ${q.sort ? 'asc' : q.dir}`);
  const offset = (q.page - 1) * PAGE_SIZE;
  const count = (await tx.query<{ n: number }>(`select count(*)::int as n from ${table.from}${where}`, params)).rows[0]!
    .n;
  const { rows } = await tx.query<Row>(
    `select ${selectList(table)} from ${table.from}${where}${order.length ? ` order by ${order.join(', ')}` : ''} limit ${PAGE_SIZE} offset ${offset}`,
    params,
  );
  return {
    rows,
    count,
    page: q.page,
    pageSize: PAGE_SIZE,
    pages: Math.max(1, Math.ceil(count / PAGE_SIZE)),
    sort: q.sort,
    dir: q.dir,
    filter: q.filter,
  };
}

const INTEGER = /^[+-]?\d+$/;
const BOOLEAN = /^(t|f|true|false|y|n|yes|no|on|off|1|0)$/i;
const UUID = /^\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/**
 * A value from a request -> the text bound for the column, or null for NULL. Catches the common
 * mistakes with a sentence about the column; Postgres has the last word on everything else.
 */
export function checkValue(col: StudioColumn, value: unknown): string | null {
  if (value === null) return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object' && col.kind === 'json') text = JSON.stringify(value);
  else throw bad(col, `expects a ${col.type} value, not ${Array.isArray(value) ? 'a list' : typeof value}`);
  const trimmed = text.trim();
  switch (col.kind) {
    case 'integer':
      if (!INTEGER.test(trimmed)) throw bad(col, `expects a whole number, not ${JSON.stringify(text)}`);
      break;
    case 'number':
      if (trimmed === '' || (Number.isNaN(Number(trimmed)) && !/^[+-]?(nan|infinity|inf)$/i.test(trimmed))) {
        throw bad(col, `expects a number, not ${JSON.stringify(text)}`);
      }
      break;
    case 'boolean':
      if (!BOOLEAN.test(trimmed)) throw bad(col, `expects true or false, not ${JSON.stringify(text)}`);
      break;
    case 'uuid':
      if (!UUID.test(trimmed))
        throw bad(col, `expects a UUID such as 123e4567-e89b-12d3-a456-426614174000, not ${JSON.stringify(text)}`);
      break;
    case 'json':
      try {
        JSON.parse(text);
      } catch (error) {
        throw bad(col, `expects JSON (${(error as Error).message})`);
      }
      break;
    case 'enum':
      if (col.enumValues && !col.enumValues.includes(text))
        throw bad(col, `expects one of ${col.enumValues.join(', ')}`);
      break;
  }
  return text;
}

const bad = (col: StudioColumn, what: string) =>
  new StudioError('invalid_value', `${col.name} ${what}.`, { column: col.name });

function requireWritable(table: ResolvedTable, needKey: boolean): void {
  if (table.detail.readOnly)
    throw new StudioError('read_only', `${table.detail.schema}.${table.detail.name} is read-only in the studio.`);
  if (needKey && table.detail.primaryKey.length === 0) {
    throw new StudioError(
      'read_only',
      `public.${table.detail.name} has no primary key, so the studio cannot tell its rows apart to change one.`,
    );
  }
}

function objectOf(body: unknown, field: string): Record<string, unknown> {
  const v = (body as Record<string, unknown> | null)?.[field];
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw invalidRequest(`The body needs "${field}": an object of column names to values.`);
  return v as Record<string, unknown>;
}

/** Checked assignments, in table column order. */
function assignments(table: ResolvedTable, values: Record<string, unknown>): { name: string; value: string | null }[] {
  const out: { name: string; value: string | null }[] = [];
  for (const name of Object.keys(values)) {
    const col = column(table, name);
    if (!col.writable)
      throw new StudioError('invalid_value', `${name} is generated by the database and cannot be set.`, {
        column: name,
      });
  }
  for (const col of table.detail.columns) {
    if (Object.hasOwn(values, col.name)) out.push({ name: col.name, value: checkValue(col, values[col.name]) });
  }
  return out;
}

/** `where pk1 = $n and pk2 = $m` from a body's "key" object naming exactly the primary key. */
function keyWhere(table: ResolvedTable, key: Record<string, unknown>, params: unknown[]): string {
  const pk = table.detail.primaryKey;
  const names = Object.keys(key);
  if (names.length !== pk.length || !pk.every((k) => names.includes(k))) {
    throw invalidRequest(`"key" must name the primary key exactly: ${pk.join(', ')}.`);
  }
  return pk
    .map((k) => {
      const value = checkValue(column(table, k), key[k]);
      if (value === null) throw invalidRequest(`Primary key column ${k} cannot be NULL.`);
      params.push(value);
      return `${sqlOf(table, k).expr} = ${param(table, k, params.length)}`;
    })
    .join(' and ');
}

export async function insertRow(tx: Queryable, table: ResolvedTable, body: unknown): Promise<Row> {
  requireWritable(table, false);
  const sets = assignments(table, objectOf(body, 'values'));
  const params = sets.map((s) => s.value);
  const sql = sets.length
    ? `insert into ${table.from} (${sets.map((s) => sqlOf(table, s.name).ident).join(', ')}) values (${sets.map((s, i) => param(table, s.name, i + 1)).join(', ')})`
    : `insert into ${table.from} default values`;
  const { rows } = await tx.query<Row>(`${sql} returning ${selectList(table)}`, params);
  return rows[0]!;
}

export async function updateRow(tx: Queryable, table: ResolvedTable, body: unknown): Promise<Row> {
  requireWritable(table, true);
  const key = objectOf(body, 'key');
  const sets = assignments(table, objectOf(body, 'values'));
  if (!sets.length) throw invalidRequest('"values" names no column to change.');
  const params: unknown[] = sets.map((s) => s.value);
  const assignmentsSql = sets
    .map((s, i) => `${sqlOf(table, s.name).ident} = ${param(table, s.name, i + 1)}`)
    .join(', ');
  const where = keyWhere(table, key, params);
  const { rows } = await tx.query<Row>(
    `update ${table.from} set ${assignmentsSql} where ${where} returning ${selectList(table)}`,
    params,
  );
  if (!rows[0]) throw notFound('That row is not there any more (someone deleted it or changed its key).');
  return rows[0];
}

export async function deleteRow(tx: Queryable, table: ResolvedTable, body: unknown): Promise<Row> {
  requireWritable(table, true);
  const params: unknown[] = [];
  const where = keyWhere(table, objectOf(body, 'key'), params);
  const { rows } = await tx.query<Row>(
    `delete from ${table.from} where ${where} returning ${selectList(table)}`,
    params,
  );
  if (!rows[0]) throw notFound('That row is not there any more (someone deleted it or changed its key).');
  return rows[0];
}
