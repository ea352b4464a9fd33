// Runs supabase/tests/database/*.test.sql (pgTAP, the files `supabase test db` runs) against a fresh
// Postgres database migrated like production, and turns every TAP line into a vitest assertion.
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgDatabase } from '../../server/tests/helpers.ts';

const SUPABASE_DIR = resolve(import.meta.dirname, '..');
const TESTS_DIR = join(SUPABASE_DIR, 'tests/database');
const files = (await readdir(TESTS_DIR)).filter((f) => f.endsWith('.test.sql')).sort();

interface TapResult {
  planned?: number;
  tests: { ok: boolean; number: number; description: string; diagnostics: string[] }[];
  /** Lines like "# Looks like you planned 10 tests but ran 9". */
  problems: string[];
}

/** Parses the TAP pgTAP prints: "1..n", "ok n - desc", "not ok n - desc # TODO", "# diagnostics". */
function parseTap(lines: string[]): TapResult {
  const result: TapResult = { tests: [], problems: [] };
  for (const line of lines) {
    let m: RegExpExecArray | null;
    if ((m = /^1\.\.(\d+)/.exec(line))) result.planned = Number(m[1]);
    else if ((m = /^(not )?ok (\d+)(?: - (.*))?$/.exec(line))) {
      const description = m[3] ?? '';
      const todoOrSkip = /#\s*(TODO|SKIP)\b/i.test(description);
      result.tests.push({ ok: !m[1] || todoOrSkip, number: Number(m[2]), description, diagnostics: [] });
    } else if (line.startsWith('#')) {
      const last = result.tests.at(-1);
      if (/^# Looks like/.test(line)) result.problems.push(line);
      else if (last) last.diagnostics.push(line);
    }
  }
  return result;
}

/** Every text value every statement of the file returned, split into lines, in order. */
async function runFile(client: pg.Client, sql: string): Promise<string[]> {
  const raw = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
  const results = Array.isArray(raw) ? raw : [raw];
  const lines: string[] = [];
  for (const r of results) {
    for (const row of r.rows ?? []) {
      for (const value of Object.values(row as Record<string, unknown>)) {
        if (typeof value === 'string') lines.push(...value.split('\n'));
      }
    }
  }
  return lines;
}

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
      await admin.query(`alter database ${pg.escapeIdentifier(new URL(database.url).pathname.slice(1))} set search_path = "$user", public, extensions`);
    } finally {
      await admin.end();
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  it.each(files)('%s', async (file) => {
    const sql = await readFile(join(TESTS_DIR, file), 'utf8');
    // One connection per file, as pg_prove does: pgTAP keeps its plan in session temp tables.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let lines: string[];
    try {
      lines = await runFile(client, sql);
    } catch (error) {
      const e = error as Error & { where?: string };
      throw new Error(`${file} stopped with an error: ${e.message}${e.where ? `\n${e.where}` : ''}`);
    } finally {
      await client.end().catch(() => {});
    }
    const tap = parseTap(lines);
    expect(tap.tests.length, `${file}: no TAP tests ran`).toBeGreaterThan(0);
    for (const t of tap.tests) {
      expect.soft(t.ok, `${file}: not ok ${t.number} - ${t.description}\n${t.diagnostics.join('\n')}`).toBe(true);
    }
    expect.soft(tap.problems, `${file}: ${tap.problems.join('; ')}`).toEqual([]);
    expect(tap.tests.length, `${file}: planned ${tap.planned} tests, ran ${tap.tests.length}`).toBe(tap.planned);
  });
});
