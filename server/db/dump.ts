// Backups as plain SQL: every row of every table in the auth, public and storage schemas, read in one
// repeatable-read transaction (a consistent snapshot while the site keeps running), and loaded
// back into a fresh database whose schema comes from the same migrations. Works alike on PGlite and
// Postgres, so a dump of one restores into the other.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, Queryable } from './database.ts';
import { migrate, parseMigrationName } from './migrate.ts';

// storage: the buckets and the objects' rows (their files are in DATA_DIR/storage, copied beside the dump).
const SCHEMAS = ['auth', 'public', 'storage'];
const ROWS_PER_INSERT = 200;
const MIGRATIONS_HEADER = '-- brawlcup-migrations: ';

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

interface Table {
  schema: string;
  name: string;
  columns: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tablesOf(q: Queryable): Promise<Table[]> {
  const { rows } = await q.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and n.nspname = any ($1)
     group by n.nspname, c.relname
     order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows;
}

/** The whole dump as SQL text: a header naming the migrations, inserts, then the sequences. */
export async function dumpDatabase(db: Database): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read, read only');
    const { rows: migrations } = await tx.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    const out = [
      `-- BrawlCup database dump (${db.kind}), ${new Date().toISOString()}.`,
      '-- Restore with `npm run db:restore <file>` into a fresh DATA_DIR or an empty DATABASE_URL.',
      MIGRATIONS_HEADER + migrations.map((m) => m.version).join(','),
      '',
    ];
    for (const table of await tablesOf(tx)) {
      const target = `${ident(table.schema)}.${ident(table.name)} (${table.columns.map(ident).join(', ')})`;
      const values = table.columns.map((c) => `quote_nullable(${ident(c)}::text)`).join(', ');
      const { rows } = await tx.query<{ v: string }>(
        `select '(' || concat_ws(', ', ${values}) || ')' as v from ${ident(table.schema)}.${ident(table.name)} order by 1`,
      );
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const chunk = rows.slice(i, i + ROWS_PER_INSERT).map((r) => r.v);
        out.push(`insert into ${target} overriding system value values\n  ${chunk.join(',\n  ')};`);
      }
    }
    const { rows: sequences } = await tx.query<{ name: string; last_value: string | null; is_called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text, last_value is not null as is_called
       from pg_sequences where schemaname = any ($1) order by 1`,
      [SCHEMAS],
    );
    for (const s of sequences) {
      if (s.last_value !== null)
        out.push(`select setval('${s.name.replaceAll("'", "''")}', ${BigInt(s.last_value)}, true);`);
    }
    out.push('');
    return out.join('\n');
  });
}

/** The migration versions a dump was made with, from its header. */
export function dumpMigrations(sql: string): string[] | undefined {
  const line = sql.split('\n', 10).find((l) => l.startsWith(MIGRATIONS_HEADER));
  return line === undefined ? undefined : line.slice(MIGRATIONS_HEADER.length).split(',').filter(Boolean);
}

/**
 * Loads a dump into an empty database: the schema from this checkout's migrations (which must be the
 * ones the dump was made with), then the rows, with triggers and foreign-key checks off while they
 * load (the counters and profiles are in the dump already).
 */
export async function restoreDatabase(db: Database, sql: string, supabaseDir: string): Promise<{ rows: number }> {
  const wanted = dumpMigrations(sql);
  if (!wanted)
    throw new RestoreError('This file is not a BrawlCup dump (no migrations header). Make one with npm run db:dump.');
  const files = (await readdir(join(supabaseDir, 'migrations'))).filter((f) => f.endsWith('.sql')).sort();
  const ours = files.map((f) => parseMigrationName(f).version);
  if (ours.join(',') !== wanted.join(',')) {
    throw new RestoreError(
      `The dump was made with migrations ${wanted.at(-1) ?? '(none)'}, this checkout has ${ours.at(-1) ?? '(none)'}. ` +
        'Restore with the BrawlCup version that made the dump, then upgrade.',
    );
  }
  const { rows: existing } = await db
    .query<{ n: number }>(`select count(*)::int as n from supabase_migrations.schema_migrations`)
    .catch(() => ({ rows: [{ n: 0 }] }));
  if ((existing[0]?.n ?? 0) > 0)
    throw new RestoreError('The database is not empty. Restore into a fresh DATA_DIR or an empty database.');

  await migrate(db, supabaseDir);
  return db.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    // The migrations' seed rows (sample tournaments) make way for the dump's.
    const tables = await tablesOf(tx);
    await tx.exec(`truncate ${tables.map((t) => `${ident(t.schema)}.${ident(t.name)}`).join(', ')}`);
    await tx.exec(sql);
    const { rows } = await tx.query<{ n: number }>(
      tables.map((t) => `select count(*)::int as n from ${ident(t.schema)}.${ident(t.name)}`).join(' union all '),
    );
    return { rows: rows.reduce((sum, r) => sum + r.n, 0) };
  });
}
