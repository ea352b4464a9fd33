// Property-based tests of the Swiss format: tournaments of 2 to 64 teams (fewer on PGlite), with the
// default or a chosen number of rounds and an optional top cut into single or double elimination,
// played out with random valid results and one corrected Swiss result, keep their invariants: no
// rematch, at most one bye per team and per round, every round pairs everyone, the standings a
// total order, the cut the best of those standings (real Postgres, and a smaller sample on PGlite).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createPgDatabase, ROOT } from './helpers.ts';

const PLAYERS = 64;
let played = 0;

type Match = {
  bracket: string;
  round: number;
  team1_id: string | null;
  team2_id: string | null;
  winner_id: string | null;
  is_bye: boolean;
};
type Standing = { team_id: string; rank: number; wins: number; byes: number; buchholz: number };
type Case = { teams: number; rounds: number | null; cut: number | null; double: boolean; seed: number };

async function playOut(db: Database, c: Case) {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true), setseed($1)`,
      [c.seed],
    );
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format, best_of,
                                       swiss_rounds, top_cut, top_cut_format)
       values ($3, 'x', '/banners/solo-showdown.svg', $1, 'https://discord.gg/x', '1v1', 'swiss', 3, $2, $4, $5) returning id`,
      [c.teams, c.rounds, `Swiss ${++played}`, c.cut, c.double ? 'double_elimination' : 'single_elimination'],
    );
    const id = rows[0]!.id;
    await tx.query(
      `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at)
       select $1, 'S' || i, (select u.id from auth.users u where u.email = 'swiss' || i || '@test.brawlcup.local'), now()
       from generate_series(1, $2::int) i`,
      [id, c.teams],
    );
    await tx.query(`select public.start_tournament($1, 'random')`, [id]);
    await tx.query('create temp table told (team_id uuid primary key, placement integer) on commit drop');
    // Any playable match, any winner; once played out, one Swiss result is flipped (the later rounds
    // and the cut are paired again) and the rest is played again.
    await tx.query(
      `do $$
       declare
         v_match uuid;
         v_team1_won boolean;
       begin
         for v_pass in 1..2 loop
           loop
             select m.id into v_match from public.matches m
             where m.tournament_id = '${id}' and m.confirmed_at is null and m.team1_id is not null and m.team2_id is not null
             order by random() limit 1;
             exit when v_match is null;
             perform public.set_match_result(v_match, (array[
               '[{"winner": 1}, {"winner": 1}]', '[{"winner": 2}, {"winner": 1}, {"winner": 1}]',
               '[{"winner": 2}, {"winner": 2}]', '[{"winner": 1}, {"winner": 2}, {"winner": 2}]'])[1 + floor(random() * 4)::int]::jsonb);
             -- A team out of the top cut is told its place: the place it finishes.
             insert into told (team_id, placement)
             select x.team_id, private.current_placement('${id}', x.team_id)
             from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
             join public.tournaments t on t.id = m.tournament_id
             where m.id = v_match and m.bracket <> 'swiss' and t.completed_at is null
               and not exists (select 1 from public.matches y where y.tournament_id = m.tournament_id and y.confirmed_at is null
                               and x.team_id in (y.team1_id, y.team2_id))
             on conflict do nothing;
           end loop;
           exit when v_pass = 2;
           select m.id, m.winner_id = m.team1_id into v_match, v_team1_won from public.matches m
           where m.tournament_id = '${id}' and m.bracket = 'swiss' and not m.is_bye
           order by random() limit 1;
           perform public.set_match_result(v_match, case when v_team1_won then '[{"winner": 2}, {"winner": 2}]'
                                                         else '[{"winner": 1}, {"winner": 1}]' end::jsonb, true);
           truncate told;
         end loop;
       end $$`,
    );
    const matches = await tx.query<Match>(
      'select bracket, round, team1_id, team2_id, winner_id, is_bye from public.matches where tournament_id = $1',
      [id],
    );
    const standings = await tx.query<Standing>(
      'select team_id, rank, wins, byes, buchholz from public.swiss_standings($1) order by rank',
      [id],
    );
    const placements = await tx.query<{ team_id: string; placement: number }>(
      'select team_id, placement from public.placements where tournament_id = $1',
      [id],
    );
    const told = await tx.query<{ team_id: string; placement: number }>('select team_id, placement from told');
    const completed = await tx.query<{ completed: boolean }>(
      'select completed_at is not null as completed from public.tournaments where id = $1',
      [id],
    );
    return {
      matches: matches.rows,
      standings: standings.rows,
      placements: new Map(placements.rows.map((r) => [r.team_id, r.placement])),
      told: told.rows,
      completed: completed.rows[0]!.completed,
    };
  });
}

function checkInvariants(c: Case, result: Awaited<ReturnType<typeof playOut>>) {
  const { matches, standings, placements, told, completed } = result;
  expect(completed).toBe(true);
  const teams = standings.map((s) => s.team_id);
  expect(teams).toHaveLength(c.teams);
  const swiss = matches.filter((m) => m.bracket === 'swiss');
  const rounds = c.rounds ?? Math.max(1, Math.ceil(Math.log2(c.teams)));
  expect(new Set(swiss.map((m) => m.round))).toEqual(new Set(Array.from({ length: rounds }, (_, i) => i + 1)));
  // Every round pairs everyone: each team once, with a bye only when the number is odd.
  for (let round = 1; round <= rounds; round++) {
    const inRound = swiss.filter((m) => m.round === round);
    const seen = inRound.flatMap((m) => [m.team1_id, m.team2_id]).filter((t): t is string => t !== null);
    expect(seen.sort()).toEqual([...teams].sort());
    expect(inRound.filter((m) => m.is_bye)).toHaveLength(c.teams % 2);
  }
  // No rematch, and at most one bye per team.
  const pairs = swiss.filter((m) => !m.is_bye).map((m) => [m.team1_id, m.team2_id].sort().join('-'));
  expect(new Set(pairs).size).toBe(pairs.length);
  const byes = swiss.filter((m) => m.is_bye).map((m) => m.team1_id);
  expect(new Set(byes).size).toBe(byes.length);
  // The standings: a total order (ranks 1..n), wins never rising down the table, and level wins
  // ordered by Buchholz.
  expect(standings.map((s) => s.rank)).toEqual(teams.map((_, i) => i + 1));
  for (let i = 1; i < standings.length; i++) {
    const [above, below] = [standings[i - 1]!, standings[i]!];
    expect(above.wins).toBeGreaterThanOrEqual(below.wins);
    if (above.wins === below.wins) expect(above.buchholz).toBeGreaterThanOrEqual(below.buchholz);
  }
  // Placements: every team, one champion; the cut is the best of the Swiss standings and places
  // its teams above the others, who keep their Swiss rank.
  expect([...placements.keys()].sort()).toEqual([...teams].sort());
  expect([...placements.values()].filter((p) => p === 1)).toHaveLength(1);
  const elimination = matches.filter((m) => m.bracket !== 'swiss');
  if (c.cut === null) {
    expect(elimination).toHaveLength(0);
    for (const s of standings) expect(placements.get(s.team_id)).toBe(s.rank);
  } else {
    const inCut = new Set(elimination.flatMap((m) => [m.team1_id, m.team2_id]).filter((t) => t !== null));
    expect([...inCut].sort()).toEqual(
      standings
        .slice(0, c.cut)
        .map((s) => s.team_id)
        .sort(),
    );
    for (const s of standings.slice(c.cut)) expect(placements.get(s.team_id)).toBe(s.rank);
    for (const s of standings.slice(0, c.cut)) expect(placements.get(s.team_id)).toBeLessThanOrEqual(c.cut);
    if (c.double) expect(elimination.some((m) => m.bracket === 'grand_final')).toBe(true);
    // The place a team is told when it goes out of the cut is the place it finishes.
    for (const { team_id, placement } of told)
      expect({ team_id, placement }).toEqual({ team_id, placement: placements.get(team_id) });
  }
}

const cases = (maxTeams: number) =>
  fc
    .record({
      teams: fc.integer({ min: 2, max: maxTeams }),
      rounds: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
      cutPower: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
      double: fc.boolean(),
      seed: fc.double({ min: -1, max: 1, noNaN: true }),
    })
    .map(({ teams, rounds, cutPower, double, seed }) => ({
      teams,
      // Up to ceil(log2 teams) rounds, as many as a Swiss of that size plays without rematches.
      rounds: rounds === null ? null : Math.min(rounds, Math.max(1, Math.ceil(Math.log2(teams)))),
      cut: cutPower === null || 2 ** cutPower > teams ? null : 2 ** cutPower,
      double,
      seed,
    }));

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`Swiss invariants on ${kind}`, () => {
    let db: Database;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      if (kind === 'postgres') {
        const created = await createPgDatabase();
        drop = created.drop;
        db = await openDatabase({ databaseUrl: created.url });
      } else {
        db = await openDatabase({});
      }
      await migrate(db, `${ROOT}/supabase`);
      await db.exec(`
        insert into auth.users (id, email, raw_user_meta_data)
        select gen_random_uuid(), 'swiss' || i || '@test.brawlcup.local', jsonb_build_object('username', 'swiss' || i)
        from generate_series(1, ${PLAYERS}) i`);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await drop?.();
    });

    it('2 to 64 teams, any rounds up to ceil(log2 teams), with or without a top cut, played out and corrected', async () => {
      await fc.assert(
        fc.asyncProperty(cases(kind === 'postgres' ? 64 : 20), async (c) => checkInvariants(c, await playOut(db, c))),
        { seed: 20261128, numRuns: kind === 'postgres' ? 20 : 6, endOnFailure: true },
      );
    }, 300_000);
  });
}
