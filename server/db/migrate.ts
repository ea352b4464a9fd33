// Brings a database to the project's schema the way `supabase db push` and `supabase db reset` do:
// the hosted-Supabase prelude, then supabase/migrations/*.sql in file-name order, each once and
// recorded in supabase_migrations.schema_migrations, then seed.sql on a fresh database only.
// Migrations and seed run as the non-superuser postgres, as on hosted, so what hosted would refuse
// (creating objects in auth, reading what nothing granted) is refused here first.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untimed, type Database } from './database.ts';
import { autoExposeNewTables } from '../config.ts';

const preludePath = fileURLToPath(new URL('./prelude.sql', import.meta.url));

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly cause: unknown,
  ) {
    const pgMessage = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${file} failed: ${pgMessage}. The database is as it was before this file.`);
    this.name = 'MigrationError';
  }
}

export interface MigrateResult {
  /** True when no migration had ever been applied: the seed ran (if there is one). */
  fresh: boolean;
  applied: string[];
  seeded: boolean;
  /** The role migrations and seed ran as: postgres, or the connecting user where postgres is a superuser. */
  ranAs: string;
  /**
   * True when that role is a superuser (a PGlite folder made before the hosted roles, a server
   * whose postgres is the superuser): then a migration hosted would refuse still passes here.
   */
  asSuperuser: boolean;
}

/** `20240101000000_name.sql` -> version `20240101000000`, name `name`, as the CLI records them. */
export function parseMigrationName(file: string): { version: string; name: string } {
  const match = /^(\d+)_?(.*)\.sql$/.exec(file);
  if (!match) throw new Error(`Migration file name must start with a timestamp: ${file}`);
  return { version: match[1]!, name: match[2] ?? '' };
}

/**
 * `set local role postgres` when postgres is the hosted-like non-superuser and the connection is
 * someone else (the bootstrap superuser); nothing when the connection already is postgres, or when
 * postgres is a superuser here and switching would change nothing.
 */
export async function migrationRole(db: Database): Promise<{ ranAs: string; asSuperuser: boolean; setRole: string }> {
  const { rows } = await db.query<{ current_user: string; postgres_super: boolean | null }>(
    "select current_user, (select rolsuper from pg_roles where rolname = 'postgres') as postgres_super",
  );
  const { current_user: user, postgres_super: postgresSuper } = rows[0]!;
  if (postgresSuper === false) {
    return { ranAs: 'postgres', asSuperuser: false, setRole: user === 'postgres' ? '' : 'set local role postgres;\n' };
  }
  const { rows: self } = await db.query<{ rolsuper: boolean }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  return { ranAs: user, asSuperuser: self[0]?.rolsuper ?? false, setRole: '' };
}

export interface MigrateOptions {
  /** `[api] auto_expose_new_tables` (default: the folder's config.toml, where unset is true). */
  autoExposeNewTables?: boolean;
  /** false: a fresh database gets no seed.sql (the declarative schema's diff builds one so). */
  seed?: boolean;
}

/** The hosted-Supabase prelude alone: what a project's first migration finds on hosted. */
export async function applyPrelude(db: Database, supabaseDir: string, options: MigrateOptions = {}): Promise<void> {
  const prelude = await readFile(preludePath, 'utf8');
  const expose = options.autoExposeNewTables ?? autoExposeNewTables(supabaseDir);
  // The prelude reads it (its last section): the CLI grants or revokes the API roles' defaults by it.
  const apply = () =>
    untimed(db, (tx) => tx.exec(`set local supabase.auto_expose_new_tables = '${expose ? 'on' : 'off'}';\n${prelude}`));
  // Roles belong to the whole server: two databases started side by side on a server that has none yet
  // both find a role missing and create it, and the second fails on pg_authid's unique name (or
  // "tuple concurrently updated" on a membership). Run again, it finds them and goes on.
  for (let attempt = 1; ; attempt++) {
    try {
      return await apply();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || !(code === '23505' || code === 'XX000' || code === '40P01')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * Runs SQL as migrations run (the hosted-like postgres role, one untimed transaction): how the
 * declarative schema files are applied to a database of their own (supabase/scripts/schema-diff.ts).
 */
export async function execAsMigration(db: Database, sql: string): Promise<void> {
  const { setRole } = await migrationRole(db);
  await untimed(db, (tx) => tx.exec(setRole + sql));
}

export async function migrate(db: Database, supabaseDir: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  await applyPrelude(db, supabaseDir, options);
  const { ranAs, asSuperuser, setRole } = await migrationRole(db);

  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const fresh = done.size === 0;

  const dir = join(supabaseDir, 'migrations');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = parseMigrationName(file);
    if (done.has(version)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    try {
      await untimed(db, async (tx) => {
        await tx.exec(setRole + sql);
        await tx.exec('reset role');
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (error) {
      throw new MigrationError(file, error);
    }
    applied.push(file);
  }

  let seeded = false;
  if (fresh && options.seed !== false) {
    const seed = await readFile(join(supabaseDir, 'seed.sql'), 'utf8').catch(() => undefined);
    if (seed?.trim()) {
      try {
        await untimed(db, (tx) => tx.exec(setRole + seed));
      } catch (error) {
        throw new MigrationError('seed.sql', error);
      }
      seeded = true;
    }
  }
  return { fresh, applied, seeded, ranAs, asSuperuser };
}
