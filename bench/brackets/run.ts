// Brackets: the time to generate a 128-team double elimination bracket and to confirm one result, on
// an empty database and again once it holds 1,000 completed tournaments (the plans cached while it was
// empty kept: the server runs on as its database grows), on PGlite and on Postgres (127.0.0.1:5432,
// or TEST_PG_URL); and how often double elimination's drops make teams meet again (Postgres).
//   npx tsx bench/brackets/run.ts [runs=5] [tournaments=30]
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgDatabase, ROOT } from '../../server/tests/helpers.ts';
import { rematches, type Match } from '../../server/tests/bracket-rematches.ts';

const runs = Number(process.argv[2] ?? 5);
const played = Number(process.argv[3] ?? 30);
const TEAMS = 128;
const COMPLETED = 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
let made = 0;

const ADMIN = `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`;

/** A started double elimination of `teams` teams, in the caller's transaction; returns its id. */
async function startedTournament(tx: Pick<Database, 'query'>, teams: number, seeding = 'random'): Promise<string> {
  await tx.query(ADMIN);
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of)
     values ($1, 'x', '/banners/solo-showdown.svg', $2, 'https://discord.gg/x', '1v1', 'double_elimination', 3) returning id`,
    [`Bench ${++made} ${Date.now()}`, teams],
  );
  const id = rows[0]!.id;
  await tx.query(
    `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at)
     select $1, 'B' || i, (select u.id from auth.users u where u.email = 'bench' || i || '@test.brawlcup.local'), now()
     from generate_series(1, $2::int) i`,
    [id, teams],
  );
  await tx.query(`select public.start_tournament($1, $2)`, [id, seeding]);
  return id;
}

async function once(db: Database): Promise<{ start: number; confirm: number }> {
  return db.transaction(async (tx) => {
    await tx.query(ADMIN);
    let t = performance.now();
    const id = await startedTournament(tx, TEAMS);
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

/**
 * 1,000 completed 16-team single elimination tournaments, written directly (as years of use would
 * leave them): 15,000 confirmed matches linked to their next ones, 16,000 teams.
 */
async function fill(db: Database): Promise<void> {
  await db.exec(`
    insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, started_at, completed_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Done ' || i, 'x', '/banners/solo-showdown.svg', 16,
           'https://discord.gg/x', '1v1', 'single_elimination', now() - interval '2 days', now() - interval '1 day'
    from generate_series(1, ${COMPLETED}) i;
    insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
    select t.id, 'T' || s, (select u.id from auth.users u where u.email = 'bench' || s || '@test.brawlcup.local'), now(), s
    from public.tournaments t cross join generate_series(1, 16) s where t.name like 'Done %';
    insert into public.matches (tournament_id, bracket, round, position, best_of, team1_id, team2_id, winner_id,
                                team1_score, team2_score, games, result_reason, reported_at, confirmed_at)
    select t.id, 'winners', r.round, p.position, 1, tm.id, tm.id2, tm.id, 1, 0, '[{"winner": 1}]', 'played', now(), now()
    from public.tournaments t
    cross join (values (1), (2), (3), (4)) r (round)
    cross join lateral generate_series(1, 16 / (2 << (r.round - 1))) p (position)
    cross join lateral (select min(x.id::text)::uuid as id, max(x.id::text)::uuid as id2
                        from (select id from public.teams where tournament_id = t.id order by seed
                              offset (p.position - 1) * 2 limit 2) x) tm
    where t.name like 'Done %';
    update public.matches m set next_match_id = n.id, next_slot = 2 - m.position % 2
    from public.matches n
    where m.tournament_id = n.tournament_id and n.round = m.round + 1 and n.position = (m.position + 1) / 2
      and m.tournament_id in (select id from public.tournaments where name like 'Done %');`);
}

/** Plays `count` double eliminations of `teams` teams out at random and counts their rematches. */
async function rematchFigures(db: Database, teams: number, count: number) {
  const atOnce: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < count; i++) {
    const matches = await db.transaction(async (tx) => {
      const id = await startedTournament(tx, teams);
      await tx.query(
        `do $$ declare v_match uuid; begin loop
           select m.id into v_match from public.matches m where m.tournament_id = '${id}' and m.confirmed_at is null
             and m.team1_id is not null and m.team2_id is not null order by random() limit 1;
           exit when v_match is null;
           perform public.set_match_result(v_match, (array['[{"winner": 1}, {"winner": 1}]', '[{"winner": 2}, {"winner": 2}]'])[1 + floor(random() * 2)::int]::jsonb);
         end loop; end $$`,
      );
      const { rows } = await tx.query<Match>(
        `select bracket, group_number, round, position, team1_id, team2_id, winner_id, is_bye from public.matches where tournament_id = $1`,
        [id],
      );
      return rows;
    });
    const r = rematches(matches);
    atOnce.push(r.atOnce);
    all.push(r.all);
  }
  return { atOnce: mean(atOnce), all: mean(all), withAny: atOnce.filter((n) => n > 0).length / count };
}

const print = (name: string, value: number, unit: string, target?: string) =>
  console.log(
    `RESULT ${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, ...(target ? { target } : {}) })}`,
  );

for (const kind of ['pglite', 'postgres'] as const) {
  const created = kind === 'postgres' ? await createPgDatabase() : undefined;
  const db = await openDatabase({ databaseUrl: created?.url });
  await migrate(db, `${ROOT}/supabase`);
  await db.exec(`insert into auth.users (id, email, raw_user_meta_data)
    select gen_random_uuid(), 'bench' || i || '@test.brawlcup.local', jsonb_build_object('username', 'bench' || i)
    from generate_series(1, ${TEAMS}) i`);
  const empty = [];
  for (let i = 0; i < runs; i++) empty.push(await once(db));
  await fill(db);
  const full = [];
  for (let i = 0; i < runs; i++) full.push(await once(db));
  const confirmEmpty = median(empty.map((r) => r.confirm));
  const confirmFull = median(full.map((r) => r.confirm));
  console.log(
    `${kind}: 128-team double elimination start ${median(empty.map((r) => r.start)).toFixed(1)} ms, ` +
      `confirm one result ${confirmEmpty.toFixed(1)} ms; with ${COMPLETED} completed tournaments ` +
      `${median(full.map((r) => r.start)).toFixed(1)} ms and ${confirmFull.toFixed(1)} ms (median of ${runs})`,
  );
  print(`brackets.${kind}.start_128_double_elimination`, median(empty.map((r) => r.start)), 'ms');
  print(`brackets.${kind}.confirm_one_result`, confirmEmpty, 'ms');
  print(`brackets.${kind}.confirm_one_result_1000_completed`, confirmFull, 'ms');
  print(`brackets.${kind}.confirm_1000_completed_vs_empty`, confirmFull / confirmEmpty, 'x', '<= 1.5');
  if (kind === 'postgres') {
    for (const teams of [16, 32, 64, 128]) {
      const r = await rematchFigures(db, teams, teams === 128 ? played : played * 2);
      console.log(
        `postgres: ${teams}-team double elimination, random results: ${r.atOnce.toFixed(2)} rematches at once ` +
          `(${(r.withAny * 100).toFixed(0)}% of tournaments with one), ${r.all.toFixed(2)} in the losers bracket in all`,
      );
      print(`brackets.double_elimination_${teams}.rematches_at_once`, r.atOnce, 'per tournament');
      print(`brackets.double_elimination_${teams}.rematches_in_all`, r.all, 'per tournament');
    }
  }
  await db.close();
  await created?.drop();
}
