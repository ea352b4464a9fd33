// The start dialog's preview (src/lib/bracket-preview.ts) is what public.start_tournament makes: for
// random team counts, formats and group sizes, the first round the app shows and the one the
// database writes are the same matches, and round robin's groups hold the same teams.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRound, groupsOf } from '../../src/lib/bracket-preview.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createPgDatabase, ROOT } from './helpers.ts';

const PLAYERS = 64;
const FORMATS = ['single_elimination', 'double_elimination', 'round_robin'] as const;

interface Row {
  group_number: number;
  position: number;
  team1_id: string | null;
  team2_id: string | null;
}

describe('the start preview and start_tournament', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let made = 0;

  beforeAll(async () => {
    const created = await createPgDatabase();
    drop = created.drop;
    db = await openDatabase({ databaseUrl: created.url });
    await migrate(db, `${ROOT}/supabase`);
    await db.exec(`
      insert into auth.users (id, email, raw_user_meta_data)
      select gen_random_uuid(), 'preview' || i || '@test.brawlcup.local', jsonb_build_object('username', 'preview' || i)
      from generate_series(1, ${PLAYERS}) i`);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  /** Starts a tournament of `teams` teams seeded 1..n; returns the teams in seed order and round 1. */
  async function start(format: string, teams: number, groupSize: number | null) {
    return db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', '{"role": "authenticated", "app_metadata": {"role": "admin"}}', true)`,
      );
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, format)
         values ($1, 'x', '/banners/solo-showdown.svg', $2, 'https://discord.gg/x', '1v1', $3) returning id`,
        [`Preview ${++made}`, teams, format],
      );
      const id = rows[0]!.id;
      const seeded = await tx.query<{ id: string }>(
        `insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
         select $1, 'S' || i, (select u.id from auth.users u where u.email = 'preview' || i || '@test.brawlcup.local'), now(), i
         from generate_series(1, $2::int) i
         returning id`,
        [id, teams],
      );
      await tx.query('select public.start_tournament($1, $2, $3)', [id, 'manual', groupSize]);
      const round = await tx.query<Row>(
        `select group_number, position, team1_id, team2_id from public.matches
         where tournament_id = $1 and round = 1 and bracket in ('winners', 'group')
         order by group_number, position`,
        [id],
      );
      const members = await tx.query<{ group_number: number; teams: string[] }>(
        `select group_number, array_agg(distinct t order by t) as teams
         from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (t)
         where m.tournament_id = $1 and m.bracket = 'group' and t is not null
         group by group_number order by group_number`,
        [id],
      );
      return { seeded: seeded.rows.map((r) => r.id), round: round.rows, members: members.rows };
    });
  }

  it('shows the first round and the groups start_tournament makes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 2, max: PLAYERS }),
        fc.option(fc.integer({ min: 2, max: 8 }), { nil: null }),
        async (format, teams, size) => {
          const groupSize = format === 'round_robin' ? size : null;
          // One group of 64 is 2,016 matches: what matters is the first round, keep it small.
          const count = format === 'round_robin' && groupSize === null ? Math.min(teams, 16) : teams;
          const { seeded, round, members } = await start(format, count, groupSize);
          const groups = format === 'round_robin' ? groupsOf(seeded, groupSize) : [seeded];
          const preview = groups.flatMap((group, g) =>
            firstRound(group, format).map((p) => ({
              group_number: g + 1,
              position: p.position,
              team1_id: p.team1,
              team2_id: p.team2,
            })),
          );
          expect(round).toEqual(preview);
          if (format === 'round_robin') {
            expect(members.map((m) => m.teams)).toEqual(groups.map((group) => [...group].sort()));
          }
        },
      ),
      { seed: 20261127, numRuns: 40, endOnFailure: true },
    );
  }, 180_000);
});
