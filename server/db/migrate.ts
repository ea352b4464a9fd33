// Brings a database to the project's schema the way `supabase db push` and `supabase db reset` do:
// the hosted-Supabase prelude, then supabase/migrations/*.sql in file-name order, each once and
// recorded in supabase_migrations.schema_migrations, then seed.sql on a fresh database only.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

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
}

/** `20240101000000_name.sql` -> version `20240101000000`, name `name`, as the CLI records them. */
export function parseMigrationName(file: string): { version: string; name: string } {
  const match = /^(\d+)_?(.*)\.sql$/.exec(file);
  if (!match) throw new Error(`Migration file name must start with a timestamp: ${file}`);
  return { version: match[1]!, name: match[2] ?? '' };
}

export async function migrate(db: Database, supabaseDir: string): Promise<MigrateResult> {
  await db.exec(await readFile(preludePath, 'utf8'));

  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
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
      await db.transaction(async (tx) => {
        await tx.exec(sql);
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
  if (fresh) {
    const seed = await readFile(join(supabaseDir, 'seed.sql'), 'utf8').catch(() => undefined);
    if (seed?.trim()) {
      try {
        await db.transaction((tx) => tx.exec(seed));
      } catch (error) {
        throw new MigrationError('seed.sql', error);
      }
      seeded = true;
    }
  }
  return { fresh, applied, seeded };
}
