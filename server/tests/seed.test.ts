// The sample data a fresh stack starts with, read as a visitor and a sample player would through
// supabase-js: the played tournaments are consistent (bracket, champion, standings, the player's
// next match, the leaderboard), on PGlite and on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './helpers.ts';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../config.ts';

const IN_PROGRESS = '7a1c0001-0000-4000-8000-000000000007';
const COMPLETED = '7a1c0001-0000-4000-8000-000000000008';

describe.each([['pglite'], ['postgres']] as const)('the sample data on %s', (backend) => {
  let stack: TestStack;

  beforeAll(async () => {
    // The seed's own run, not a copy of a stack that ran it (helpers.ts's migrated template).
    stack = await startTestStack({ postgres: backend === 'postgres', firstStart: true });
    expect(stack.migrations.seeded).toBe(true);
  });

  afterAll(async () => {
    await stack?.destroy();
  });

  it('has a completed double elimination with its champion and standings', async () => {
    const anon = stack.client();
    const { data, error } = await anon.from('tournaments').select('name, phase, champion').eq('id', COMPLETED).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Duo Hot Zone Showdown', phase: 'completed', champion: 'Heat Wave' });

    const standings = await anon.rpc('standings', { p_tournament_id: COMPLETED });
    expect(standings.error).toBeNull();
    expect(standings.data!.map((s: { placement: number }) => s.placement)).toEqual([1, 2, 3, 4]);

    // The first grand final went to the losers bracket's champion, so the reset was played.
    const finals = await anon
      .from('matches')
      .select('round, state, best_of')
      .eq('tournament_id', COMPLETED)
      .eq('bracket', 'grand_final')
      .order('round');
    expect(finals.data).toEqual([
      { round: 1, state: 'done', best_of: 5 },
      { round: 2, state: 'done', best_of: 5 },
    ]);

    const champions = await anon.rpc('recent_champions');
    expect(champions.data).toEqual([
      expect.objectContaining({ tournament_name: 'Duo Hot Zone Showdown', champion: 'Heat Wave' }),
    ]);
  });

  it('has a single elimination half played: quarter-finals done, one semi-final to confirm, one to play', async () => {
    const anon = stack.client();
    const { data, error } = await anon
      .from('matches')
      .select('round, position, state, best_of, round_label')
      .eq('tournament_id', IN_PROGRESS)
      .order('round')
      .order('position');
    expect(error).toBeNull();
    expect(data).toEqual([
      ...[1, 2, 3, 4].map((position) => ({
        round: 1,
        position,
        state: 'done',
        best_of: 3,
        round_label: 'Quarter-final',
      })),
      { round: 2, position: 1, state: 'awaiting_confirmation', best_of: 3, round_label: 'Semi-final' },
      { round: 2, position: 2, state: 'ready', best_of: 3, round_label: 'Semi-final' },
      { round: 3, position: 1, state: 'waiting_for_opponent', best_of: 5, round_label: 'Final' },
    ]);
    const tournament = await anon.from('tournaments').select('phase, champion').eq('id', IN_PROGRESS).single();
    expect(tournament.data).toEqual({ phase: 'in_progress', champion: null });
  });

  it('shows the sample player their semi-final to confirm, and their place in the completed one', async () => {
    const player = stack.client();
    expect(
      (await player.auth.signInWithPassword({ email: SAMPLE_PLAYER_EMAIL, password: SAMPLE_PLAYER_PASSWORD })).error,
    ).toBeNull();
    const { data, error } = await player.rpc('my_next_match');
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        tournament_name: 'Solo Knockout Night',
        status: 'match',
        round_label: 'Semi-final',
        opponent_team_name: 'SpikeRush',
        opponent_in_game_names: ['SpikeRush'],
        best_of: 3,
        state: 'awaiting_confirmation',
        can_report: false,
        can_confirm: true,
        maps: [
          { mode: 'Duels', map: 'Shrouding Serpent' },
          { mode: 'Duels', map: 'Final Four' },
          { mode: 'Knockout', map: "Belle's Rock" },
        ],
      }),
      expect.objectContaining({ tournament_name: 'Duo Hot Zone Showdown', status: 'completed', placement: 2 }),
    ]);
  });

  it("ranks the completed tournament's players on the leaderboard for anyone", async () => {
    const { data, error } = await stack.client().rpc('leaderboard', { p_limit: 3 });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ rank: 1, in_game_name: 'BoltEdgar', points: 10, total: 8 }),
      expect.objectContaining({ rank: 1, in_game_name: 'GemQueen', points: 10, total: 8 }),
      expect.objectContaining({ rank: 3, in_game_name: 'CrowByte', points: 7, total: 8 }),
    ]);
  });
});
