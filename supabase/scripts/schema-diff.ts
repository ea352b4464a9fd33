// The declarative schema's diff, as `supabase db diff` makes it without Docker: one database built
// from supabase/migrations, one from the schema files that config.toml's [db.migrations]
// schema_paths lists, and the SQL that takes the first to the second. migra (@pgkit/migra) writes
// tables, columns, constraints, indexes, functions, triggers, policies and table grants; what it does
// not compare (comments, function and column grants, schema grants, the Realtime publication,
// triggers on auth tables) is compared here from the catalog and appended.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parse } from 'smol-toml';
import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import { openDatabase } from '../../server/db/database.ts';
import { applyPrelude, execAsMigration, migrate } from '../../server/db/migrate.ts';

export const SUPABASE_DIR = resolve(import.meta.dirname, '..');
export const PG_ADMIN_URL =
  process.env.TEST_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Schemas the platform owns: the project's migrations never create objects in them. */
const PLATFORM_SCHEMAS = ['auth', 'extensions', 'supabase_migrations', 'storage', 'realtime', 'graphql', 'vault'];

/**
 * config.toml's `[db.migrations] schema_paths`, as the CLI reads them: each entry is a path or a
 * glob relative to supabase/, matches sorted, the first occurrence of a file kept. Unset, the CLI's
 * default `./schemas/*.sql`.
 */
export async function schemaPaths(supabaseDir = SUPABASE_DIR): Promise<string[]> {
  const config = parse(await readFile(join(supabaseDir, 'config.toml'), 'utf8')) as {
    db?: { migrations?: { schema_paths?: string[] } };
  };
  const patterns = config.db?.migrations?.schema_paths ?? ['./schemas/*.sql'];
  const files: string[] = [];
  for (const pattern of patterns) {
    const path = resolve(supabaseDir, pattern);
    const star = path.lastIndexOf('*');
    const matches = star < 0 ? [path] : await glob(path);
    if (matches.length === 0) throw new Error(`[db.migrations] schema_paths: nothing matches ${pattern}`);
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** One `*` in the file name part (`./schemas/*.sql`): what the project's config uses. */
async function glob(path: string): Promise<string[]> {
  const dir = path.slice(0, path.lastIndexOf('/'));
  const [before, after] = path.slice(dir.length + 1).split('*') as [string, string];
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(before) && n.endsWith(after) && n.length >= before.length + after.length)
    .sort()
    .map((n) => join(dir, n));
}

/** A database of its own on the machine's Postgres, dropped by `drop()`. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `brawlcup_diff_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The prelude and every migration, without the seed. */
export async function buildFromMigrations(url: string, supabaseDir = SUPABASE_DIR): Promise<void> {
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db, supabaseDir, { seed: false });
  } finally {
    await db.close();
  }
}

/** The prelude and the schema files in schema_paths order, each as a migration would run. */
export async function buildFromSchemaFiles(url: string, supabaseDir = SUPABASE_DIR): Promise<void> {
  const db = await openDatabase({ databaseUrl: url });
  try {
    await applyPrelude(db, supabaseDir);
    for (const file of await schemaPaths(supabaseDir)) {
      const sql = await readFile(file, 'utf8');
      try {
        await execAsMigration(db, sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${relative(supabaseDir, file)}: ${message}`);
      }
    }
  } finally {
    await db.close();
  }
}

/** The SQL that takes the database at `fromUrl` to the one at `toUrl`; '' when they agree. */
export async function diffDatabases(fromUrl: string, toUrl: string): Promise<string> {
  const structural = await migra(fromUrl, toUrl);
  const recreated = droppedFunctions(structural);
  const [from, to] = await Promise.all([catalog(fromUrl), catalog(toUrl)]);
  const extra = catalogChanges(from, to, recreated);
  return [structural, ...extra].filter(Boolean).join('\n\n').trim();
}

/** migra's statements: destructive ones included (a drop is shown to whoever runs db:diff). */
async function migra(fromUrl: string, toUrl: string): Promise<string> {
  // pg-promise warns of a second client in one process; each is ended here, so that is expected.
  const quiet = { pgpOptions: { initialize: { noWarnings: true } } };
  const [from, to] = [createClient(fromUrl, quiet), createClient(toUrl, quiet)];
  try {
    const migration = await Migration.create(from, to, { exclude_schema: PLATFORM_SCHEMAS });
    migration.set_safety(false);
    migration.add_all_changes(true);
    return migration.sql.trim();
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

/** Builds both databases on the machine's Postgres, diffs them and drops them. */
export async function diffSchema(supabaseDir = SUPABASE_DIR, adminUrl = PG_ADMIN_URL): Promise<string> {
  const [fromMigrations, fromSchemas] = await Promise.all([scratchDatabase(adminUrl), scratchDatabase(adminUrl)]);
  try {
    await Promise.all([
      buildFromMigrations(fromMigrations.url, supabaseDir),
      buildFromSchemaFiles(fromSchemas.url, supabaseDir),
    ]);
    return await diffDatabases(fromMigrations.url, fromSchemas.url);
  } finally {
    await Promise.all([fromMigrations.drop(), fromSchemas.drop()]);
  }
}

// ============================================================================================
// What migra does not compare, from the catalog
// ============================================================================================

/** One fact of the catalog: what kind, of which object, and the statement that makes it so. */
interface Fact {
  key: string;
  value: string;
  /** The statements that set this fact from any other state. */
  sql: string;
}

const API_ROLES = ['public', 'anon', 'authenticated', 'service_role'];

/** Functions migra drops and creates again: their grants and comment must be written again too. */
function droppedFunctions(sql: string): Set<string> {
  const names = new Set<string>();
  for (const match of sql.matchAll(/drop function if exists "([^"]+)"\."([^"]+)"\(/gi)) {
    names.add(`${match[1]}.${match[2]}`);
  }
  return names;
}

function catalogChanges(from: Map<string, Fact>, to: Map<string, Fact>, recreated: Set<string>): string[] {
  const out: string[] = [];
  for (const [key, fact] of to) {
    const before = from.get(key);
    const functionName = /^function (?:acl|comment) ([^(]+)\(/.exec(key)?.[1];
    if (before?.value === fact.value && !(functionName && recreated.has(functionName))) continue;
    out.push(fact.sql);
  }
  for (const [key, fact] of from) {
    if (to.has(key)) continue;
    // A fact of an object that is gone goes with it; what stays but loses the fact is undone.
    if (key.startsWith('publication ')) {
      const [, publication, table] = key.split(' ');
      out.push(`alter publication ${publication} drop table ${table};`);
    } else if (key.startsWith('auth trigger ') || key.startsWith('platform policy ')) {
      out.push(fact.sql.split('\n')[0]!);
    }
  }
  return out;
}

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** A role's privileges from an ACL item, `grantee=privileges/grantor`. */
function parseAcl(acl: string[] | null, owner: string): Map<string, string> {
  const grants = new Map<string, string>();
  for (const item of acl ?? []) {
    const match = /^(.*)=([A-Za-z*]*)\/.*$/.exec(item);
    if (!match) continue;
    const grantee = match[1] === '' ? 'public' : match[1]!.replace(/^"(.*)"$/, '$1');
    if (grantee !== owner) grants.set(grantee, match[2]!.replace(/\*/g, ''));
  }
  return grants;
}

const PRIVILEGES: Record<string, string> = {
  r: 'select',
  a: 'insert',
  w: 'update',
  x: 'references',
  X: 'execute',
  U: 'usage',
  C: 'create',
};

function grantsOf(grants: Map<string, string>): string {
  return [...grants]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([role, privileges]) => `${role}=${[...privileges].sort().join('')}`)
    .join(',');
}

function grantStatements(object: string, grants: Map<string, string>, revokeFrom: string[]): string {
  const lines = [`revoke all on ${object} from ${[...new Set([...API_ROLES, ...revokeFrom])].join(', ')};`];
  for (const [role, privileges] of grants) {
    const names = [...privileges].map((p) => PRIVILEGES[p]).filter(Boolean);
    if (names.length) lines.push(`grant ${names.join(', ')} on ${object} to ${role};`);
  }
  return lines.join('\n');
}

async function catalog(url: string): Promise<Map<string, Fact>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const facts = new Map<string, Fact>();
  const add = (key: string, value: string, sql: string) => facts.set(key, { key, value, sql });
  const excluded = PLATFORM_SCHEMAS;
  try {
    const schemas = await client.query<{ name: string; owner: string; acl: string[] | null; comment: string | null }>(
      `select n.nspname as name, n.nspowner::regrole::text as owner, n.nspacl::text[] as acl,
              obj_description(n.oid, 'pg_namespace') as comment
       from pg_namespace n
       where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname <> all ($1)`,
      [excluded],
    );
    for (const s of schemas.rows) {
      const object = `schema ${pg.escapeIdentifier(s.name)}`;
      add(`schema comment ${s.name}`, s.comment ?? '', `comment on ${object} is ${literal(s.comment)};`);
      const grants = parseAcl(s.acl, s.owner);
      add(`schema acl ${s.name}`, grantsOf(grants), grantStatements(object, grants, [...grants.keys()]));
    }

    const relations = await client.query<{ name: string; comment: string | null }>(
      `select format('%I.%I', n.nspname, c.relname) as name, obj_description(c.oid, 'pg_class') as comment
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm') and n.nspname not like 'pg\\_%'
         and n.nspname <> 'information_schema' and n.nspname <> all ($1)`,
      [excluded],
    );
    for (const r of relations.rows) {
      add(`table comment ${r.name}`, r.comment ?? '', `comment on table ${r.name} is ${literal(r.comment)};`);
    }

    const columns = await client.query<{
      relation: string;
      name: string;
      owner: string;
      comment: string | null;
      acl: string[] | null;
    }>(
      `select format('%I.%I', n.nspname, c.relname) as relation, quote_ident(a.attname) as name,
              c.relowner::regrole::text as owner, col_description(c.oid, a.attnum) as comment, a.attacl::text[] as acl
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped and n.nspname not like 'pg\\_%'
         and n.nspname <> 'information_schema' and n.nspname <> all ($1)`,
      [excluded],
    );
    for (const c of columns.rows) {
      const column = `${c.relation}.${c.name}`;
      add(`column comment ${column}`, c.comment ?? '', `comment on column ${column} is ${literal(c.comment)};`);
      const grants = parseAcl(c.acl, c.owner);
      const statements = [`revoke all (${c.name}) on ${c.relation} from ${API_ROLES.join(', ')};`];
      for (const [role, privileges] of grants) {
        const names = [...privileges].map((p) => PRIVILEGES[p]).filter(Boolean);
        // Each privilege names the column: `grant insert, update (c)` grants insert on the whole table.
        if (names.length)
          statements.push(`grant ${names.map((n) => `${n} (${c.name})`).join(', ')} on ${c.relation} to ${role};`);
      }
      add(`column acl ${column}`, grantsOf(grants), statements.join('\n'));
    }

    const functions = await client.query<{
      name: string;
      args: string;
      owner: string;
      acl: string[] | null;
      comment: string | null;
      kind: string;
    }>(
      `select format('%I.%I', n.nspname, p.proname) as name, pg_get_function_identity_arguments(p.oid) as args,
              p.proowner::regrole::text as owner, p.proacl::text[] as acl, obj_description(p.oid, 'pg_proc') as comment,
              p.prokind::text as kind
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname <> all ($1)
         and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
      [excluded],
    );
    for (const f of functions.rows) {
      const object = `${f.kind === 'p' ? 'procedure' : 'function'} ${f.name}(${f.args})`;
      add(`function comment ${f.name}(${f.args})`, f.comment ?? '', `comment on ${object} is ${literal(f.comment)};`);
      // No ACL is the default: the owner and public execute.
      const grants = f.acl === null ? new Map([['public', 'X']]) : parseAcl(f.acl, f.owner);
      add(`function acl ${f.name}(${f.args})`, grantsOf(grants), grantStatements(object, grants, [...grants.keys()]));
    }

    const published = await client.query<{ publication: string; name: string }>(
      `select p.pubname as publication, format('%I.%I', t.schemaname, t.tablename) as name
       from pg_publication_tables t join pg_publication p on p.pubname = t.pubname`,
    );
    for (const p of published.rows) {
      add(`publication ${p.publication} ${p.name}`, 'yes', `alter publication ${p.publication} add table ${p.name};`);
    }

    // migra compares triggers only in the schemas it reads: the project's triggers on auth.users.
    const authTriggers = await client.query<{ name: string; relation: string; definition: string }>(
      `select quote_ident(t.tgname) as name, format('%I.%I', n.nspname, c.relname) as relation,
              pg_get_triggerdef(t.oid) as definition
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where not t.tgisinternal and n.nspname = any ($1)`,
      [excluded],
    );
    for (const t of authTriggers.rows) {
      add(
        `auth trigger ${t.relation} ${t.name}`,
        t.definition,
        `drop trigger if exists ${t.name} on ${t.relation};\n${t.definition};`,
      );
    }

    // Nor policies there: the project's policies on storage.objects (who reads and writes files).
    const platformPolicies = await client.query<{
      name: string;
      relation: string;
      permissive: string;
      roles: string[];
      cmd: string;
      qual: string | null;
      with_check: string | null;
    }>(
      `select quote_ident(policyname) as name, format('%I.%I', schemaname, tablename) as relation, permissive,
              roles::text[] as roles, cmd, qual, with_check
       from pg_policies where schemaname = any ($1)`,
      [excluded],
    );
    for (const p of platformPolicies.rows) {
      const definition = [
        `create policy ${p.name} on ${p.relation} as ${p.permissive.toLowerCase()} for ${p.cmd.toLowerCase()}`,
        `to ${p.roles.map((r) => (r === 'public' ? r : pg.escapeIdentifier(r))).join(', ')}`,
        p.qual === null ? '' : `using (${p.qual})`,
        p.with_check === null ? '' : `with check (${p.with_check})`,
      ].filter(Boolean);
      add(
        `platform policy ${p.relation} ${p.name}`,
        definition.join(' '),
        `drop policy if exists ${p.name} on ${p.relation};\n${definition.join('\n')};`,
      );
    }
  } finally {
    await client.end();
  }
  return facts;
}
