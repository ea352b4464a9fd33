// Time to read the leaderboard and the recent champions after many completed tournaments, on PGlite
// and on Postgres (127.0.0.1:5432, or TEST_PG_URL). The tournaments are played out through the
// bracket functions (start_tournament, set_match_result), 32 players each, drawn from 256.
//   npx tsx bench/leaderboard/run.ts [tournaments=100] [runs=5]
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createPgDatabase, ROOT } from '../../server/tests/helpers.ts';

const tournaments = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 5);
const PLAYERS = 256;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function playTournaments(db: Database) {
  await db.exec(`insert into auth.users (id, email, raw_user_meta_data)
    select gen_random_uuid(), 'lb' || i || '@bench.brawlcup.local',
           jsonb_build_object('username', 'lb' || i, 'game_id', '#LB' || lpad(i::text, 7, '0'))
    from generate_series(1, ${PLAYERS}) i`);
  for (let i = 0; i < tournaments; i++) {
    await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
      );
      await tx.query(
        `do $$
         declare v_t uuid; v_id uuid;
         begin
           insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of)
           values ('Leaderboard bench ${i}', 'x', '/banners/solo-showdown.svg', 32, 'https://discord.gg/x', '1v1',
                   '${i % 2 ? 'double_elimination' : 'single_elimination'}', 1)
           returning id into v_t;
           insert into public.teams (tournament_id, registered_by, checked_in_at)
           select v_t, u.id, now() from auth.users u where u.email like 'lb%@bench.brawlcup.local' order by random() limit 32;
           insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
           select t.id, v_t, 1, p.game_id, p.username
           from public.teams t join public.profiles p on p.id = t.registered_by where t.tournament_id = v_t;
           perform public.start_tournament(v_t);
           loop
             select m.id into v_id from public.matches m where m.tournament_id = v_t and public.state(m) = 'ready' limit 1;
             exit when v_id is null;
             perform public.set_match_result(v_id, '[{"winner": 1}]');
           end loop;
         end $$`,
      );
    });
  }
}

async function time(db: Database, sql: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await db.query(sql);
    times.push(performance.now() - t);
  }
  return median(times);
}

for (const kind of ['pglite', 'postgres'] as const) {
  const created = kind === 'postgres' ? await createPgDatabase() : undefined;
  const db = await openDatabase({ databaseUrl: created?.url });
  try {
    await migrate(db, `${ROOT}/supabase`);
    const t = performance.now();
    await playTournaments(db);
    const played = performance.now() - t;
    const leaderboard = await time(db, 'select * from public.leaderboard(50, 0)');
    const champions = await time(db, 'select * from public.recent_champions(5)');
    console.log(
      `${kind}: ${tournaments} completed 32-player tournaments (played in ${(played / 1000).toFixed(1)} s): ` +
        `leaderboard page of 50 ${leaderboard.toFixed(1)} ms, 5 recent champions ${champions.toFixed(1)} ms (median of ${runs})`,
    );
    for (const [name, value] of [
      ['page_of_50', leaderboard],
      ['recent_champions', champions],
    ] as const)
      console.log(
        `RESULT ${JSON.stringify({ name: `leaderboard.${kind}.${name}`, value: Number(value.toFixed(1)), unit: 'ms' })}`,
      );
  } finally {
    await db.close();
    await created?.drop();
  }
}
