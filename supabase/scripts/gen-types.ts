// Writes src/types/database.ts in the shape `supabase gen types typescript` produces, and
// src/lib/database-errors.ts from the error catalogue, from a database migrated in memory (PGlite) with
// server/db/migrate.ts. `--check` only reports whether the files are stale.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openDatabase, type Queryable } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const TYPES_PATH = resolve(ROOT, 'src/types/database.ts');
const SCHEMA = 'public';
// The PostgREST version the Data API answers like; supabase-js reads it to enable version features.
const POSTGREST_VERSION = '12.2.3 (519615d)';

interface Column {
  table: string;
  name: string;
  type: string;
  elem: string | null;
  typtype: string;
  not_null: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}
interface ForeignKey {
  table: string;
  name: string;
  columns: string[];
  ref_table: string;
  ref_columns: string[];
  one_to_one: boolean;
}
interface FnArg {
  name: string | null;
  type: string;
  elem: string | null;
  mode: string;
}
interface Fn {
  name: string;
  args: FnArg[] | null;
  n_defaults: number;
  returns_set: boolean;
  ret_type: string;
  ret_elem: string | null;
  ret_relation: string | null;
  ret_relation_schema: string | null;
}
interface EnumType {
  name: string;
  labels: string[];
}

const SCALARS: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  citext: 'string',
  name: 'string',
  uuid: 'string',
  date: 'string',
  time: 'string',
  timetz: 'string',
  timestamp: 'string',
  timestamptz: 'string',
  interval: 'string',
  bytea: 'string',
  inet: 'string',
  cidr: 'string',
  macaddr: 'string',
  tsvector: 'string',
  tsquery: 'string',
  void: 'undefined',
  record: 'Record<string, unknown>',
};

function tsType(type: string, elem: string | null, enums: Set<string>): string {
  if (elem) return `${tsType(elem, null, enums)}[]`;
  if (enums.has(type)) return `Database["${SCHEMA}"]["Enums"]["${type}"]`;
  return SCALARS[type] ?? 'unknown';
}

async function introspect(db: Queryable) {
  const columns = (
    await db.query<Column>(
      `select c.relname as table, a.attname as name, t.typname as type,
            case when t.typcategory = 'A' then et.typname end as elem, t.typtype,
            a.attnotnull as not_null, a.atthasdef as has_default,
            a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem
      where n.nspname = $1 and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attname`,
      [SCHEMA],
    )
  ).rows;

  const foreignKeys = (
    await db.query<ForeignKey>(
      `select c.relname as table, k.conname as name,
            (select array_agg(a.attname::text order by x.i) from unnest(k.conkey) with ordinality x (n, i)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n) as columns,
            rc.relname as ref_table,
            (select array_agg(a.attname::text order by x.i) from unnest(k.confkey) with ordinality x (n, i)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n) as ref_columns,
            exists (select 1 from pg_index ix where ix.indrelid = k.conrelid and ix.indisunique
                      and ix.indnkeyatts = cardinality(k.conkey)
                      and (select array_agg(v order by v) from unnest(ix.indkey::int2[]) v)
                        = (select array_agg(v order by v) from unnest(k.conkey) v)) as one_to_one
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = k.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
      where k.contype = 'f' and n.nspname = $1 and rn.nspname = $1
      order by c.relname, k.conname`,
      [SCHEMA],
    )
  ).rows;

  const functions = (
    await db.query<Fn>(
      `select p.proname as name, p.pronargdefaults as n_defaults, p.proretset as returns_set,
            rt.typname as ret_type, case when rt.typcategory = 'A' then ret.typname end as ret_elem,
            rr.relname as ret_relation, rrn.nspname as ret_relation_schema,
            (select json_agg(json_build_object('name', x.name, 'type', t.typname,
                      'elem', case when t.typcategory = 'A' then et.typname end, 'mode', coalesce(x.mode, 'i'))
                      order by x.i)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes::text[])
                    with ordinality as x (type, name, mode, i)
               join pg_type t on t.oid = x.type
               left join pg_type et on et.oid = t.typelem) as args
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       left join pg_type ret on ret.oid = rt.typelem
       left join pg_class rr on rr.oid = rt.typrelid and rt.typtype = 'c'
       left join pg_namespace rrn on rrn.oid = rr.relnamespace
      where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname, p.oid`,
      [SCHEMA],
    )
  ).rows;

  const enums = (
    await db.query<EnumType>(
      `select t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as labels
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = $1 group by t.typname order by t.typname`,
      [SCHEMA],
    )
  ).rows;

  return { columns, foreignKeys, functions, enums };
}

const NEVER = '{\n      [_ in never]: never\n    }';

function render(model: Awaited<ReturnType<typeof introspect>>): string {
  const enumNames = new Set(model.enums.map((e) => e.name));
  const tables = new Map<string, Column[]>();
  for (const c of model.columns) {
    if (!tables.has(c.table)) tables.set(c.table, []);
    tables.get(c.table)!.push(c);
  }
  const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  const field = (indent: string, name: string, optional: boolean, type: string) =>
    `${indent}${name}${optional ? '?' : ''}: ${type}`;

  const tableBlocks = [...tables.keys()].sort(compareNames).map((table) => {
    const cols = tables.get(table)!;
    const row = cols.map((c) =>
      field('          ', c.name, false, tsType(c.type, c.elem, enumNames) + (c.not_null ? '' : ' | null')),
    );
    const insert = cols.map((c) =>
      c.generated === 's' || c.identity === 'a'
        ? field('          ', c.name, true, 'never')
        : field(
            '          ',
            c.name,
            !c.not_null || c.has_default || c.identity !== '',
            tsType(c.type, c.elem, enumNames) + (c.not_null ? '' : ' | null'),
          ),
    );
    const update = cols.map((c) =>
      c.generated === 's' || c.identity === 'a'
        ? field('          ', c.name, true, 'never')
        : field('          ', c.name, true, tsType(c.type, c.elem, enumNames) + (c.not_null ? '' : ' | null')),
    );
    const fks = model.foreignKeys
      .filter((k) => k.table === table)
      .sort((a, b) => compareNames(a.name, b.name) || compareNames(a.ref_table, b.ref_table));
    const rels = fks.length
      ? `[\n${fks
          .map(
            (k) =>
              `          {\n            foreignKeyName: "${k.name}"\n            columns: [${k.columns.map((c) => `"${c}"`).join(', ')}]\n` +
              `            isOneToOne: ${k.one_to_one}\n            referencedRelation: "${k.ref_table}"\n` +
              `            referencedColumns: [${k.ref_columns.map((c) => `"${c}"`).join(', ')}]\n          },`,
          )
          .join('\n')}\n        ]`
      : '[]';
    return (
      `      ${table}: {\n        Row: {\n${row.join('\n')}\n        }\n        Insert: {\n${insert.join('\n')}\n        }\n` +
      `        Update: {\n${update.join('\n')}\n        }\n        Relationships: ${rels}\n      }`
    );
  });

  const fnBlocks = model.functions
    .filter((f) => f.name && !(f.args ?? []).some((a) => a.mode === 'i' && !a.name))
    .map((f) => {
      const inputs = (f.args ?? []).filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
      const firstDefault = inputs.length - f.n_defaults;
      const argFields = inputs
        .map((a, i) => ({ name: a.name!, optional: i >= firstDefault, type: tsType(a.type, a.elem, enumNames) }))
        .sort((a, b) => compareNames(a.name, b.name))
        .map((a) => `${a.name}${a.optional ? '?' : ''}: ${a.type}`);
      let args = argFields.length ? `{ ${argFields.join('; ')} }` : 'never';
      if (args.length + 'Args: '.length + 10 > 80)
        args = `{\n${argFields.map((a) => `          ${a}`).join('\n')}\n        }`;

      let returns: string;
      let setof = '';
      const relCols = f.ret_relation && f.ret_relation_schema === SCHEMA ? tables.get(f.ret_relation) : undefined;
      if (relCols) {
        const obj = `{\n${relCols
          .map((c) =>
            field('          ', c.name, false, tsType(c.type, c.elem, enumNames) + (c.not_null ? '' : ' | null')),
          )
          .join('\n')}\n        }`;
        returns = f.returns_set ? `${obj}[]` : obj;
        setof =
          `\n        SetofOptions: {\n          from: "*"\n          to: "${f.ret_relation}"\n` +
          `          isOneToOne: ${!f.returns_set}\n          isSetofReturn: ${f.returns_set}\n        }`;
      } else {
        const outs = (f.args ?? []).filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
        if (outs.length) {
          const obj = `{\n${outs.map((a) => `          ${a.name}: ${tsType(a.type, a.elem, enumNames)}`).join('\n')}\n        }`;
          returns = f.returns_set ? `${obj}[]` : obj;
        } else {
          const t = tsType(f.ret_type, f.ret_elem, enumNames);
          returns = f.returns_set ? `${t}[]` : t;
        }
      }
      return `      ${f.name}: {\n        Args: ${args}\n        Returns: ${returns}${setof}\n      }`;
    });

  const enumBlock = model.enums.length
    ? `{\n${model.enums.map((e) => `      ${e.name}: ${e.labels.map((l) => `"${l}"`).join(' | ')}`).join('\n')}\n    }`
    : NEVER;
  const enumConstants = model.enums.length
    ? `{\n${model.enums.map((e) => `      ${e.name}: [${e.labels.map((l) => `"${l}"`).join(', ')}],`).join('\n')}\n    }`
    : '{}';

  return `// Generated by supabase/scripts/gen-types.ts from supabase/migrations (npm run gen:types). Do not edit.
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "${POSTGREST_VERSION}"
  }
  ${SCHEMA}: {
    Tables: ${tableBlocks.length ? `{\n${tableBlocks.join('\n')}\n    }` : NEVER}
    Views: ${NEVER}
    Functions: ${fnBlocks.length ? `{\n${fnBlocks.join('\n')}\n    }` : NEVER}
    Enums: ${enumBlock}
    CompositeTypes: ${NEVER}
  }
}
${HELPERS}
export const Constants = {
  ${SCHEMA}: {
    Enums: ${enumConstants},
  },
} as const
`;
}

const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/** The app's copy of the database's error catalogue (supabase/schemas/errors.sql), one export per error. */
async function renderErrors(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ code: string; name: string; message: string; field: string | null }>(
    'select code, name, message, field from private.error_catalog() order by code',
  );
  const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const entries = rows.map(
    (r) =>
      `export const ${camel(r.name)} = { code: '${r.code}', message: ${JSON.stringify(r.message)}, field: ${r.field === null ? 'null' : `'${r.field}'`} } as const;`,
  );
  return (
    '// Generated by `npm run gen:types` from private.error_catalog() (supabase/schemas/errors.sql): do not edit.\n' +
    '// Each rule the database enforces, by name: its code (what the app compares), the message the\n' +
    '// database sends (format() placeholders: %s, %1$s) and the field it belongs to. One export each,\n' +
    '// so a screen bundles only the errors it names.\n' +
    entries.join('\n') +
    '\n'
  );
}

export const ERRORS_PATH = resolve(ROOT, 'src/lib/database-errors.ts');

/** Migrates a fresh in-memory PGlite (no seed effect on types) and renders the generated files. */
export async function generateFiles(supabaseDir = resolve(ROOT, 'supabase')): Promise<Map<string, string>> {
  const db = await openDatabase({});
  try {
    await migrate(db, supabaseDir);
    return new Map([
      [TYPES_PATH, render(await introspect(db))],
      [ERRORS_PATH, await renderErrors(db)],
    ]);
  } finally {
    await db.close();
  }
}

async function main() {
  const check = process.argv.includes('--check');
  let stale = false;
  for (const [path, next] of await generateFiles()) {
    const current = await readFile(path, 'utf8').catch(() => '');
    if (current === next) {
      console.log(`${path} ${check ? 'is up to date' : 'unchanged'}`);
    } else if (check) {
      console.error(`${path} is stale: run npm run gen:types`);
      stale = true;
    } else {
      await writeFile(path, next);
      console.log(`wrote ${path}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
