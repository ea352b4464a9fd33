// Runs supabase/tests/database/*.test.sql (pgTAP, the files `supabase test db` runs) against a fresh
// Postgres database migrated like production, and turns every TAP line into a vitest assertion.
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgDatabase } from '../../server/tests/helpers.ts';
import { expectTapPassed, runPgTapFile } from './pgtap.ts';

const SUPABASE_DIR = resolve(import.meta.dirname, '..');
const TESTS_DIR = join(SUPABASE_DIR, 'tests/database');
const files = (await readdir(TESTS_DIR)).filter((f) => f.endsWith('.test.sql')).sort();

describe('database (pgTAP)', () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>>;

  beforeAll(async () => {
    database = await createPgDatabase();
    const db = await openDatabase({ databaseUrl: database.url });
    try {
      await migrate(db, SUPABASE_DIR);
    } finally {
      await db.close();
    }
    // Hosted Supabase keeps extensions on the search path; pgTAP goes there too.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('create extension if not exists pgtap with schema extensions');
      await admin.query(
        `alter database ${pg.escapeIdentifier(new URL(database.url).pathname.slice(1))} set search_path = "$user", public, extensions`,
      );
    } finally {
      await admin.end();
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  it.each(files)('%s', async (file) => {
    const tap = await runPgTapFile(database.url, join(TESTS_DIR, file));
    expectTapPassed(file, tap);
  });
});
