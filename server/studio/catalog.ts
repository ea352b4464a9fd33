// What the studio knows about tables, read from pg_catalog on every request: a table or column name
// from a request is only ever used after it was found here, and then only quoted.
import type { Queryable } from '../db/database.ts';
import { notFound } from './errors.ts';

/** How the page edits a column, from its Postgres type. */
export type ColumnKind = 'text' | 'integer' | 'number' | 'boolean' | 'uuid' | 'timestamp' | 'json' | 'enum' | 'other';

export interface StudioColumn {
  name: string;
  /** Postgres' name for the type, with modifiers: `character varying(255)`. */
  type: string;
  kind: ColumnKind;
  nullable: boolean;
  default: string | null;
  primaryKey: boolean;
  /** False for generated and identity-always columns: Postgres fills them. */
  writable: boolean;
  enumValues: string[] | null;
  comment: string | null;
}

/** Server-only facts about a column: how to read it and how to cast a text value into it. */
export interface ColumnSql {
  /**
   * SQL expression the column is read from, qualified by the table's alias so ORDER BY and WHERE
   * never pick up the text-cast output column of the same name.
   */
  expr: string;
  /** The bare quoted column name, for INSERT column lists and UPDATE ... SET. */
  ident: string;
  /** The type a bound text value is cast to, from pg_catalog (format_type without the modifier). */
  cast: string;
}

export interface StudioTable {
  schema: string;
  name: string;
  comment: string | null;
  /** Row count; null when the service role may not read the table. */
  rows: number | null;
  /** No inserts, updates or deletes at all (auth.users). */
  readOnly: boolean;
  /** Primary key columns in key order; empty means rows cannot be edited or deleted. */
  primaryKey: string[];
  rls: boolean;
  canSelect: boolean;
}

export interface TableDetail extends StudioTable {
  columns: StudioColumn[];
}

/** A table as the query builder needs it. */
export interface ResolvedTable {
  detail: TableDetail;
  /** `"schema"."table" as t`, or for auth.users the fixed, read-only source. */
  from: string;
  sql: Map<string, ColumnSql>;
  /** auth.users is read as the database owner: the service role has no grant on it. */
  asOwner: boolean;
}

/** Double-quotes an identifier the way quote_ident does, whatever it contains. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function columnKind(udt: string, typtype: string): ColumnKind {
  if (typtype === 'e') return 'enum';
  switch (udt) {
    case 'int2':
    case 'int4':
    case 'int8':
      return 'integer';
    case 'numeric':
    case 'float4':
    case 'float8':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'uuid':
      return 'uuid';
    case 'timestamptz':
    case 'timestamp':
    case 'date':
    case 'time':
    case 'timetz':
      return 'timestamp';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'name':
    case 'citext':
      return 'text';
    default:
      return 'other';
  }
}

const TABLES_SQL = `
  select c.relname as name, obj_description(c.oid, 'pg_class') as comment, c.relrowsecurity as rls,
         has_table_privilege(c.oid, 'select') as can_select,
         coalesce((select array_agg(a.attname::text order by k.pos)
                     from pg_index i
                     cross join lateral unnest(i.indkey) with ordinality as k(attnum, pos)
                     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                    where i.indrelid = c.oid and i.indisprimary), '{}') as primary_key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
   order by c.relname`;

const COLUMNS_SQL = `
  select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
         format_type(a.atttypid, null) as cast_type,
         coalesce(bt.typname, t.typname) as udt, coalesce(bt.typtype, t.typtype) as typtype,
         not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as "default",
         (a.attgenerated <> '' or a.attidentity = 'a') as generated, a.attidentity <> '' as identity,
         col_description(c.oid, a.attnum) as comment,
         (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e
           where e.enumtypid = coalesce(bt.oid, t.oid)) as enum_values
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
   where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'p')
   order by a.attnum`;

interface TableRow {
  name: string;
  comment: string | null;
  rls: boolean;
  can_select: boolean;
  primary_key: string[];
}

const fromPublic = (name: string) => `${quoteIdent('public')}.${quoteIdent(name)}`;

/** The public tables with their row counts. Runs as the service role (counts what it can read). */
export async function listPublicTables(tx: Queryable): Promise<StudioTable[]> {
  const { rows } = await tx.query<TableRow>(TABLES_SQL);
  const readable = rows.filter((r) => r.can_select);
  const counts = new Map<string, number>();
  if (readable.length) {
    const sql = readable
      .map((r, i) => `select ${i}::int as i, count(*)::int as n from ${fromPublic(r.name)}`)
      .join(' union all ');
    for (const { i, n } of (await tx.query<{ i: number; n: number }>(sql)).rows) counts.set(readable[i]!.name, n);
  }
  return rows.map((r) => ({
    schema: 'public',
    name: r.name,
    comment: r.comment,
    rows: counts.get(r.name) ?? null,
    readOnly: false,
    primaryKey: r.primary_key,
    rls: r.rls,
    canSelect: r.can_select,
  }));
}

/** auth.users as the studio shows it: who has an account, never their secrets. */
const AUTH_USERS_COLUMNS: (StudioColumn & ColumnSql)[] = (
  [
    { name: 'id', type: 'uuid', kind: 'uuid', primaryKey: true, expr: 'u.id', ident: 'id', cast: 'uuid' },
    {
      name: 'email',
      type: 'character varying(255)',
      kind: 'text',
      primaryKey: false,
      expr: 'u.email',
      ident: 'email',
      cast: 'text',
    },
    {
      name: 'created_at',
      type: 'timestamp with time zone',
      kind: 'timestamp',
      primaryKey: false,
      expr: 'u.created_at',
      ident: 'created_at',
      cast: 'timestamp with time zone',
    },
    {
      name: 'last_sign_in_at',
      type: 'timestamp with time zone',
      kind: 'timestamp',
      primaryKey: false,
      expr: 'u.last_sign_in_at',
      ident: 'last_sign_in_at',
      cast: 'timestamp with time zone',
    },
    {
      name: 'app_metadata.role',
      type: 'text',
      kind: 'text',
      primaryKey: false,
      expr: `(u.raw_app_meta_data ->> 'role')`,
      ident: 'raw_app_meta_data',
      cast: 'text',
    },
  ] satisfies Pick<StudioColumn & ColumnSql, 'name' | 'type' | 'kind' | 'primaryKey' | 'expr' | 'ident' | 'cast'>[]
).map((c) => ({ ...c, nullable: c.name !== 'id', default: null, writable: false, enumValues: null, comment: null }));

export async function countAuthUsers(tx: Queryable): Promise<StudioTable> {
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from auth.users');
  return {
    schema: 'auth',
    name: 'users',
    comment: 'Accounts (read-only here; manage them with npm run admin).',
    rows: rows[0]!.n,
    readOnly: true,
    primaryKey: ['id'],
    rls: false,
    canSelect: true,
  };
}

interface ColumnRow {
  name: string;
  type: string;
  cast_type: string;
  udt: string;
  typtype: string;
  nullable: boolean;
  default: string | null;
  generated: boolean;
  identity: boolean;
  comment: string | null;
  enum_values: string[] | null;
}

/**
 * Finds schema.table in pg_catalog, or throws not_found. Only `public` tables and `auth.users`
 * exist for the studio. Public tables must be looked up after the service role is set, so that
 * `canSelect` speaks for the role the rows are read as.
 */
export async function resolveTable(tx: Queryable, schema: string, name: string): Promise<ResolvedTable> {
  if (schema === 'auth' && name === 'users') {
    const detail: TableDetail = { ...(await countAuthUsers(tx)), columns: AUTH_USERS_COLUMNS.map(publicColumn) };
    return {
      detail,
      from: 'auth.users as u',
      sql: new Map(AUTH_USERS_COLUMNS.map((c) => [c.name, { expr: c.expr, ident: c.ident, cast: c.cast }])),
      asOwner: true,
    };
  }
  if (schema !== 'public')
    throw notFound(`The studio shows the public schema and auth.users only, not ${schema}.${name}.`);
  const tables = await tx.query<TableRow>(`select * from (${TABLES_SQL}) t where t.name = $1`, [name]);
  const table = tables.rows[0];
  if (!table) throw notFound(`There is no table public.${name}.`);
  const { rows } = await tx.query<ColumnRow>(COLUMNS_SQL, [name]);
  const pk = table.primary_key;
  const columns: StudioColumn[] = rows.map((r) => ({
    name: r.name,
    type: r.type,
    kind: columnKind(r.udt, r.typtype),
    nullable: r.nullable,
    default: r.default ?? (r.identity ? 'identity' : null),
    primaryKey: pk.includes(r.name),
    writable: !r.generated,
    enumValues: r.enum_values,
    comment: r.comment,
  }));
  let count: number | null = null;
  if (table.can_select) {
    count = (await tx.query<{ n: number }>(`select count(*)::int as n from ${fromPublic(name)}`)).rows[0]!.n;
  }
  return {
    detail: {
      schema: 'public',
      name,
      comment: table.comment,
      rows: count,
      readOnly: false,
      primaryKey: pk,
      rls: table.rls,
      canSelect: table.can_select,
      columns,
    },
    from: `${fromPublic(name)} as t`,
    sql: new Map(
      rows.map((r) => [r.name, { expr: `t.${quoteIdent(r.name)}`, ident: quoteIdent(r.name), cast: r.cast_type }]),
    ),
    asOwner: false,
  };
}

function publicColumn(c: StudioColumn & ColumnSql): StudioColumn {
  const { expr: _expr, ident: _ident, cast: _cast, ...rest } = c;
  return rest;
}
