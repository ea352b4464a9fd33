// How the admin's round settings list a bracket's matches: one entry per round in play order (a
// round robin's round covers every group, as set_round_settings does), its settings read from a
// match that is played, and locked by the first reported result; and the compact summary.
import { describe, expect, it } from 'vitest';
import type { Match } from '@/features/admin/api/get-matches';
import { roundSummary } from '@/features/admin/api/set-round-settings';
import { roundsOf } from '@/features/admin/components/round-settings-rounds';

let n = 0;
function match(fields: Partial<Match>): Match {
  n += 1;
  return {
    id: `m${n}`,
    tournament_id: 't',
    bracket: 'winners',
    group_number: 1,
    round: 1,
    position: 1,
    best_of: 1,
    team1_id: null,
    team2_id: null,
    is_bye: false,
    next_match_id: null,
    next_slot: null,
    loser_next_match_id: null,
    loser_next_slot: null,
    games: null,
    maps: [],
    team1_score: null,
    team2_score: null,
    winner_id: null,
    reported_by: null,
    reported_at: null,
    report_version: 0,
    disputed_at: null,
    dispute_comment: null,
    confirmed_at: null,
    result_reason: null,
    state: 'ready',
    round_label: `Round ${fields.round ?? 1}`,
    ...fields,
  };
}

describe('roundsOf', () => {
  it('lists double elimination rounds winners first, then losers, then the grand final', () => {
    const rounds = roundsOf([
      match({ bracket: 'grand_final', round: 1, round_label: 'Grand final' }),
      match({ bracket: 'losers', round: 1, round_label: 'Losers final' }),
      match({ bracket: 'winners', round: 2, round_label: 'Winners final' }),
      match({ bracket: 'winners', round: 1, position: 2, round_label: 'Winners round 1' }),
      match({ bracket: 'winners', round: 1, position: 1, round_label: 'Winners round 1' }),
    ]);
    expect(rounds.map((r) => r.label)).toEqual(['Winners round 1', 'Winners final', 'Losers final', 'Grand final']);
  });

  it("takes a played match's settings (not a bye's), locks on a report, and names a round of several groups", () => {
    const [first, second] = roundsOf([
      match({ bracket: 'group', group_number: 1, round: 1, round_label: 'Group 1, round 1', is_bye: true }),
      match({
        bracket: 'group',
        group_number: 2,
        round: 1,
        round_label: 'Group 2, round 1',
        best_of: 3,
        maps: [{ mode: 'Heist', map: 'Safe Zone' }],
      }),
      match({
        bracket: 'group',
        group_number: 1,
        round: 2,
        round_label: 'Round 2',
        reported_at: '2026-11-25T10:00:00Z',
      }),
    ]);
    expect(first).toMatchObject({
      label: 'Round 1, every group',
      bestOf: 3,
      games: [{ mode: 'Heist', map: 'Safe Zone' }],
      locked: false,
    });
    expect(second).toMatchObject({ label: 'Round 2', locked: true });
  });
});

describe('roundSummary', () => {
  it.each([
    [1, [], 'Best of 1'],
    [
      3,
      [
        { mode: 'Gem Grab', map: 'Hard Rock Mine' },
        { mode: null, map: null },
        { mode: 'Heist', map: null },
      ],
      'Best of 3 · Gem Grab: Hard Rock Mine, Any, Heist',
    ],
    [
      5,
      [
        { mode: null, map: 'Backyard Bowl' },
        { mode: null, map: null },
      ],
      'Best of 5 · Backyard Bowl',
    ],
  ])('best of %i with %o reads "%s"', (bestOf, games, text) => {
    expect(roundSummary(bestOf, games)).toBe(text);
  });
});
