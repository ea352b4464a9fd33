// How much of a supabase folder holds on a hosted-shaped database: pgTAP tests passing as postgres.
//   npx tsx bench/parity/run.ts [supabase-folder]
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { startHostedPostgres } from '../../server/tests/hosted-postgres.ts';
import { runPgTapFile } from '../../supabase/tests/pgtap.ts';

const supabaseDir = resolve(process.argv[2] ?? 'supabase');
const testsDir = join(supabaseDir, 'tests/database');
const cluster = await startHostedPostgres();
try {
  const db = await openDatabase({ databaseUrl: cluster.adminUrl });
  try {
    const result = await migrate(db, supabaseDir);
    console.log(`migrations and seed ran as ${result.ranAs}${result.asSuperuser ? ' (superuser)' : ''}`);
  } catch (error) {
    console.log(`migrate failed: ${(error as Error).message}`);
  } finally {
    await db.close();
  }
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('create extension if not exists pgtap with schema extensions');
  await admin.end();

  let passed = 0;
  let planned = 0;
  for (const file of (await readdir(testsDir)).filter((f) => f.endsWith('.test.sql')).sort()) {
    const path = join(testsDir, file);
    const plan = Number(/select plan\((\d+)\)/.exec(await readFile(path, 'utf8'))?.[1] ?? 0);
    try {
      const tap = await runPgTapFile(cluster.postgresUrl, path);
      const ok = tap.tests.filter((t) => t.ok).length;
      console.log(`${file}: ${ok} of ${plan} pass`);
      passed += ok;
    } catch (error) {
      console.log(
        `${file}: 0 of ${plan} pass (${(error as Error).message.split('\n')[0]!.replace(/^.*stopped with an error: /, '')})`,
      );
    }
    planned += plan;
  }
  console.log(`pgTAP as postgres on a hosted-shaped database: ${passed} of ${planned} tests pass`);
} finally {
  await cluster.stop();
}
