// Time to generate a 128-team double elimination bracket and to confirm one result, on PGlite and
// on Postgres (127.0.0.1:5432, or TEST_PG_URL).
//   npx tsx bench/brackets/run.ts [runs=3]
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgDatabase, ROOT } from '../../server/tests/helpers.ts';

const runs = Number(process.argv[2] ?? 3);
const TEAMS = 128;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(db: Database, run: number): Promise<{ start: number; confirm: number }> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
    );
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of)
       values ($1, 'x', '/banners/solo-showdown.svg', ${TEAMS}, 'https://discord.gg/x', '1v1', 'double_elimination', 3) returning id`,
      [`Bench ${run}`],
    );
    const id = rows[0]!.id;
    await tx.query(
      `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at)
       select $1, 'B' || i, (select u.id from auth.users u where u.email = 'bench' || i || '@test.brawlcup.local'), now()
       from generate_series(1, ${TEAMS}) i`,
      [id],
    );
    let t = performance.now();
    await tx.query(`select public.start_tournament($1, 'random')`, [id]);
    const start = performance.now() - t;
    const match = await tx.query<{ id: string }>(
      `select id from public.matches where tournament_id = $1 and bracket = 'winners' and round = 1 limit 1`,
      [id],
    );
    t = performance.now();
    await tx.query(`select public.set_match_result($1, '[{"winner": 1}, {"winner": 1}]')`, [match.rows[0]!.id]);
    return { start, confirm: performance.now() - t };
  });
}

for (const kind of ['pglite', 'postgres'] as const) {
  const created = kind === 'postgres' ? await createPgDatabase() : undefined;
  const db = await openDatabase({ databaseUrl: created?.url });
  await migrate(db, `${ROOT}/supabase`);
  await db.exec(`insert into auth.users (id, email, raw_user_meta_data)
    select gen_random_uuid(), 'bench' || i || '@test.brawlcup.local', jsonb_build_object('username', 'bench' || i)
    from generate_series(1, ${TEAMS}) i`);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(db, i));
  console.log(
    `${kind}: 128-team double elimination start ${median(results.map((r) => r.start)).toFixed(1)} ms, ` +
      `confirm one result ${median(results.map((r) => r.confirm)).toFixed(1)} ms (median of ${runs})`,
  );
  for (const [name, value] of [
    ['start_128_double_elimination', median(results.map((r) => r.start))],
    ['confirm_one_result', median(results.map((r) => r.confirm))],
  ] as const)
    console.log(
      `RESULT ${JSON.stringify({ name: `brackets.${kind}.${name}`, value: Number(value.toFixed(1)), unit: 'ms' })}`,
    );
  await db.close();
  await created?.drop();
}
