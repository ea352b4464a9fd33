// What the Data API knows about each exposed schema (`[api] schemas` in config.toml): tables, views,
// columns, keys, foreign keys and functions, read from pg_catalog (PostgREST's SchemaCache). Every name a request uses is checked
// here before it reaches SQL. Reloaded on `NOTIFY pgrst, 'reload schema'` (routes.ts) and on a cache miss.
import type { Database } from '../db/database.ts';

export interface Column {
  name: string;
  type: string;
  /** The column's default as SQL (from pg_catalog, never from a request): what `missing=default` applies. */
  default?: string | null;
  /** A generated column cannot be written. */
  generated?: boolean;
}

export interface Table {
  name: string;
  /** pg_class.relkind: r table, p partitioned, v view, m materialized view, f foreign. */
  kind: string;
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints: what makes a foreign key one-to-one. */
  uniques: string[][];
  /** Computed fields: scalar functions taking this table's row, selected, filtered and ordered like columns. */
  computed: Map<string, Func>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  /** i in, o out, b inout, v variadic, t table column. */
  mode: string;
  hasDefault: boolean;
}

export interface Func {
  name: string;
  /** Input arguments, in order. */
  args: FunctionArg[];
  setof: boolean;
  returnType: string;
  /** scalar, void, or composite (a row type or RETURNS TABLE / OUT parameters). */
  returns: 'scalar' | 'void' | 'composite';
  /** The columns a composite result has. */
  columns: Column[];
  /** When the result is the row type of a table of the cache: embedding works from it. */
  returnTable?: string;
  volatility: 'i' | 's' | 'v';
  /** The table whose row type the function's only argument is: a computed field or relationship of it. */
  argTable?: string;
  /** `ROWS 1` on a set-returning function: a computed relationship that is to-one. */
  singleRow?: boolean;
  /**
   * Whether rpc may call it: every parameter named, or one unnamed parameter where the first is of a
   * type a request body can be whole (PostgREST's `callable`: bytea, json, jsonb, text, xml).
   */
  callable: boolean;
}

/** How an embedded resource joins its parent: `target.targetColumns = source.sourceColumns`. */
export interface Relationship {
  kind: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many' | 'computed';
  source: string;
  target: string;
  constraint: string;
  sourceColumns: string[];
  targetColumns: string[];
  toOne: boolean;
  /** many-to-many: the junction table and its columns towards source and target. */
  junction?: { table: string; sourceColumns: string[]; targetColumns: string[]; constraints: [string, string] };
  /** computed: the function that takes the source row and returns the target rows. */
  function?: string;
}

export interface SchemaSnapshot {
  /** The schema these names live in. */
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, Func[]>;
}

const TABLES_SQL = `
select json_build_object(
  'name', c.relname,
  'kind', c.relkind::text,
  'columns', coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'generated', a.attgenerated <> '',
      'default', case
        when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
        else pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json),
  'keys', coalesce((
    select json_agg(json_build_object('primary', k.contype = 'p', 'columns', (
      select json_agg(a.attname order by u.ord)
      from unnest(k.conkey) with ordinality u(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum)))
    from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '[]'::json)
)::text as doc
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`;

const FOREIGN_KEYS_SQL = `
select json_build_object(
  'name', k.conname,
  'table', sc.relname,
  'refTable', tc.relname,
  'columns', (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(attnum, ord)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum),
  'refColumns', (select json_agg(a.attname order by u.ord) from unnest(k.confkey) with ordinality u(attnum, ord)
                 join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum)
)::text as doc
from pg_constraint k
join pg_class sc on sc.oid = k.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
join pg_class tc on tc.oid = k.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
where k.contype = 'f' and sn.nspname = $1 and tn.nspname = $1`;

const FUNCTIONS_SQL = `
select json_build_object(
  'name', p.proname,
  'setof', p.proretset,
  'volatility', p.provolatile::text,
  'returnType', format_type(p.prorettype, null),
  'returnTypeKind', t.typtype::text,
  'returnTable', (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
                  where rc.oid = t.typrelid and rn.nspname = n.nspname and rc.relkind in ('r', 'p', 'v', 'm', 'f')),
  'compositeColumns', case when t.typrelid <> 0 then (
    select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped) end,
  'defaults', p.pronargdefaults,
  'rows', p.prorows,
  'argTable', (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
               where p.pronargs = 1 and at.oid = p.proargtypes[0] and ac.relnamespace = n.oid
                 and ac.relkind in ('r', 'p', 'v', 'm', 'f')),
  'args', coalesce((
    select json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'mode', coalesce(p.proargmodes[i]::text, 'i'),
      'type', format_type(case when p.proallargtypes is null then p.proargtypes[i - 1] else p.proallargtypes[i] end, null)
    ) order by i)
    from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i), '[]'::json)
)::text as doc
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f' and t.typname not in ('trigger', 'event_trigger')
order by p.oid`;

/** The types one unnamed parameter may have for rpc to call its function (the body is the argument). */
const WHOLE_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

interface RawFunction {
  name: string;
  setof: boolean;
  volatility: 'i' | 's' | 'v';
  returnType: string;
  returnTypeKind: string;
  returnTable: string | null;
  compositeColumns: Column[] | null;
  defaults: number;
  rows: number;
  argTable: string | null;
  args: { name: string; mode: string; type: string }[];
}

/**
 * View columns and the base-table columns they read, for relationships through views. Only a view
 * column with the same name as the base column it reads counts (PostgREST also follows renames).
 */
const VIEW_COLUMNS_SQL = `
select json_build_object('view', v.relname, 'table', t.relname, 'columns', json_agg(distinct a.attname))::text as doc
from pg_class v
join pg_namespace vn on vn.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_class t on t.oid = d.refobjid and t.oid <> v.oid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
where vn.nspname = $1 and tn.nspname = $1 and v.relkind in ('v', 'm')
  and exists (select 1 from pg_attribute va where va.attrelid = v.oid and va.attname = a.attname and not va.attisdropped)
group by v.relname, t.relname`;

/** The foreign keys a view has through its base tables: each key whose columns the view shows under their names. */
function viewForeignKeys(
  foreignKeys: ForeignKey[],
  viewColumns: { view: string; table: string; columns: string[] }[],
): ForeignKey[] {
  const derived: ForeignKey[] = [];
  const shows = (cols: string[], exposed: string[]) => cols.every((c) => exposed.includes(c));
  const sides = (table: string) =>
    [{ name: table, exposed: null as string[] | null }].concat(
      viewColumns.filter((v) => v.table === table).map((v) => ({ name: v.view, exposed: v.columns })),
    );
  for (const fk of foreignKeys) {
    for (const from of sides(fk.table)) {
      if (from.exposed && !shows(fk.columns, from.exposed)) continue;
      for (const to of sides(fk.refTable)) {
        if (to.exposed && !shows(fk.refColumns, to.exposed)) continue;
        if (!from.exposed && !to.exposed) continue;
        derived.push({ ...fk, table: from.name, refTable: to.name });
      }
    }
  }
  return derived;
}

export async function loadSchema(db: Database, schema = 'public'): Promise<SchemaSnapshot> {
  const docs = async <T>(sql: string): Promise<T[]> =>
    (await db.query<{ doc: string }>(sql, [schema])).rows.map((r) => JSON.parse(r.doc) as T);
  const rawTables = await docs<{
    name: string;
    kind: string;
    columns: Column[];
    keys: { primary: boolean; columns: string[] }[];
  }>(TABLES_SQL);
  const foreignKeys = await docs<ForeignKey>(FOREIGN_KEYS_SQL);
  const rawFunctions = await docs<RawFunction>(FUNCTIONS_SQL);
  const viewColumns = await docs<{ view: string; table: string; columns: string[] }>(VIEW_COLUMNS_SQL);
  foreignKeys.push(...viewForeignKeys(foreignKeys, viewColumns));

  const tables = new Map<string, Table>();
  for (const t of rawTables) {
    tables.set(t.name, {
      name: t.name,
      kind: t.kind,
      columns: t.columns,
      columnsByName: new Map(t.columns.map((c) => [c.name, c])),
      primaryKey: t.keys.find((k) => k.primary)?.columns ?? [],
      uniques: t.keys.map((k) => k.columns),
      computed: new Map(),
    });
  }
  // A view is unique on what its base table is unique on, where it shows those columns.
  for (const v of viewColumns) {
    const view = tables.get(v.view);
    const base = tables.get(v.table);
    if (!view || !base) continue;
    for (const unique of base.uniques) if (unique.every((c) => v.columns.includes(c))) view.uniques.push(unique);
    if (view.primaryKey.length === 0 && base.primaryKey.length && base.primaryKey.every((c) => v.columns.includes(c))) {
      view.primaryKey = base.primaryKey;
    }
  }

  const functions = new Map<string, Func[]>();
  for (const f of rawFunctions) {
    const inputs = f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = f.args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const firstDefault = inputs.length - f.defaults;
    const unnamed = inputs.filter((a) => a.name === '').length;
    const returns: Func['returns'] =
      f.returnType === 'void'
        ? 'void'
        : f.returnTypeKind === 'c' || (f.returnType === 'record' && outputs.length > 0)
          ? 'composite'
          : 'scalar';
    const func: Func = {
      name: f.name,
      args: inputs.map((a, i) => ({ name: a.name, type: a.type, mode: a.mode, hasDefault: i >= firstDefault })),
      setof: f.setof,
      returnType: f.returnType,
      returns,
      columns: f.compositeColumns ?? outputs.map((a) => ({ name: a.name, type: a.type })),
      returnTable: f.returnTable ?? undefined,
      volatility: f.volatility,
      argTable: f.argTable ?? undefined,
      singleRow: f.setof && f.rows === 1,
      callable: unnamed === 0 || (unnamed === 1 && WHOLE_BODY_TYPES.has(inputs[0]!.type)),
    };
    if (func.argTable && func.returns === 'scalar' && !func.setof)
      tables.get(func.argTable)?.computed.set(func.name, func);
    // A record without OUT parameters cannot be called without a column list: not exposed.
    if (f.returnType === 'record' && outputs.length === 0) continue;
    const list = functions.get(f.name) ?? [];
    list.push(func);
    functions.set(f.name, list);
  }
  return { schema, tables, foreignKeys, functions };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Every foreign-key relationship from `source` to `target` (computed ones are found by name: plan.ts). */
export function relationshipsBetween(schema: SchemaSnapshot, source: string, target: string): Relationship[] {
  const found: Relationship[] = [];
  const isUnique = (table: string, columns: string[]) =>
    !!schema.tables.get(table)?.uniques.some((u) => sameSet(u, columns));
  for (const fk of schema.foreignKeys) {
    if (fk.table === source && fk.refTable === target) {
      found.push({
        kind: 'many-to-one',
        source,
        target,
        constraint: fk.name,
        sourceColumns: fk.columns,
        targetColumns: fk.refColumns,
        toOne: true,
      });
    }
    if (fk.refTable === source && fk.table === target) {
      const oneToOne = isUnique(fk.table, fk.columns);
      found.push({
        kind: oneToOne ? 'one-to-one' : 'one-to-many',
        source,
        target,
        constraint: fk.name,
        sourceColumns: fk.refColumns,
        targetColumns: fk.columns,
        toOne: oneToOne,
      });
    }
  }
  // Many-to-many through a junction whose foreign keys to both sides are part of its primary key.
  for (const toSource of schema.foreignKeys) {
    if (toSource.refTable !== source) continue;
    const junction = schema.tables.get(toSource.table);
    if (!junction || junction.name === source || junction.name === target) continue;
    for (const toTarget of schema.foreignKeys) {
      if (toTarget === toSource || toTarget.table !== junction.name || toTarget.refTable !== target) continue;
      const pk = junction.primaryKey;
      if (!toSource.columns.every((c) => pk.includes(c)) || !toTarget.columns.every((c) => pk.includes(c))) continue;
      found.push({
        kind: 'many-to-many',
        source,
        target,
        constraint: `${toSource.name},${toTarget.name}`,
        sourceColumns: toSource.refColumns,
        targetColumns: toTarget.refColumns,
        toOne: false,
        junction: {
          table: junction.name,
          sourceColumns: toSource.columns,
          targetColumns: toTarget.columns,
          constraints: [toSource.name, toTarget.name],
        },
      });
    }
  }
  return found;
}

/** Holds the current snapshots, one per exposed schema; loads on first use, reloads on demand (one load at a time). */
export class SchemaCache {
  private snapshots?: Map<string, SchemaSnapshot>;
  private loading?: Promise<Map<string, SchemaSnapshot>>;

  constructor(
    private readonly db: Database,
    readonly schemas: string[] = ['public'],
  ) {}

  async get(schema = this.schemas[0]!): Promise<SchemaSnapshot> {
    const snapshots = this.snapshots ?? (await this.load());
    return snapshots.get(schema)!;
  }

  /** Reads pg_catalog again and returns the schema's snapshot. */
  async reload(schema = this.schemas[0]!): Promise<SchemaSnapshot> {
    return (await this.load()).get(schema)!;
  }

  /** Concurrent callers share one load of every exposed schema. */
  private load(): Promise<Map<string, SchemaSnapshot>> {
    this.loading ??= (async () => {
      const loaded = new Map<string, SchemaSnapshot>();
      for (const schema of this.schemas) loaded.set(schema, await loadSchema(this.db, schema));
      return loaded;
    })()
      .then((s) => (this.snapshots = s))
      .finally(() => (this.loading = undefined));
    return this.loading;
  }
}
