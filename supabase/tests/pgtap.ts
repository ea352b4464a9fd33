// Runs one pgTAP file the way pg_prove does (`supabase test db`): on its own connection, with
// psql's `\ir` includes expanded, and reads back the TAP it prints.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

export interface TapResult {
  planned?: number;
  tests: { ok: boolean; number: number; description: string; diagnostics: string[] }[];
  /** Lines like "# Looks like you planned 10 tests but ran 9". */
  problems: string[];
}

/** Parses the TAP pgTAP prints: "1..n", "ok n - desc", "not ok n - desc # TODO", "# diagnostics". */
export function parseTap(lines: string[]): TapResult {
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

/** The file's SQL with every `\ir path` line replaced by that file (relative to the including one), as psql does. */
export async function expandIncludes(file: string): Promise<string> {
  const sql = await readFile(file, 'utf8');
  const parts: string[] = [];
  for (const line of sql.split('\n')) {
    const m = /^\\ir\s+(\S+)\s*$/.exec(line);
    parts.push(m ? await expandIncludes(resolve(dirname(file), m[1]!)) : line);
  }
  return parts.join('\n');
}

/** Every text value every statement of the file returned, split into lines, in order. */
async function runSql(client: pg.Client, sql: string): Promise<string[]> {
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

/** Runs a .test.sql file on a connection of its own (pgTAP keeps its plan in session temp tables). */
export async function runPgTapFile(databaseUrl: string, file: string): Promise<TapResult> {
  const sql = await expandIncludes(file);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return parseTap(await runSql(client, sql));
  } catch (error) {
    const e = error as Error & { where?: string };
    throw new Error(`${file} stopped with an error: ${e.message}${e.where ? `\n${e.where}` : ''}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Fails the current vitest test unless every TAP line of the file passed and its plan was met. */
export function expectTapPassed(file: string, tap: TapResult): void {
  expect(tap.tests.length, `${file}: no TAP tests ran`).toBeGreaterThan(0);
  for (const t of tap.tests) {
    expect.soft(t.ok, `${file}: not ok ${t.number} - ${t.description}\n${t.diagnostics.join('\n')}`).toBe(true);
  }
  expect.soft(tap.problems, `${file}: ${tap.problems.join('; ')}`).toEqual([]);
  expect(tap.tests.length, `${file}: planned ${tap.planned} tests, ran ${tap.tests.length}`).toBe(tap.planned);
}
