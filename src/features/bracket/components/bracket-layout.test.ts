// How matches become sections, named rounds and the lines between them, and what a match announces.
import { describe, expect, it } from 'vitest';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { bracketSections, matchSummary } from '@/features/bracket/components/bracket-layout';

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
    disputed_at: null,
    dispute_comment: null,
    confirmed_at: null,
    result_reason: null,
    state: 'waiting_for_opponent',
    ...fields,
  };
}

const round = (bracket: string, r: number, count: number) =>
  Array.from({ length: count }, (_, i) => match({ bracket, round: r, position: i + 1 }));

describe('bracketSections', () => {
  it('names a single elimination bracket by round, the last one Final, with paired lines', () => {
    const [section, ...rest] = bracketSections('single_elimination', [
      ...round('winners', 3, 1),
      ...round('winners', 1, 4),
      ...round('winners', 2, 2),
    ]);
    expect(rest).toEqual([]);
    expect(section!.rounds.map((r) => [r.label, r.matches.length, r.join])).toEqual([
      ['Round 1', 4, 'pairs'],
      ['Round 2', 2, 'pairs'],
      ['Final', 1, 'none'],
    ]);
  });

  it('splits double elimination into winners, losers (straight then paired lines) and the grand final', () => {
    const sections = bracketSections('double_elimination', [
      ...round('winners', 1, 2),
      ...round('winners', 2, 1),
      ...round('losers', 1, 1),
      ...round('losers', 2, 1),
      ...round('grand_final', 1, 1),
      ...round('grand_final', 2, 1),
    ]);
    expect(sections.map((s) => [s.title, s.rounds.map((r) => `${r.label}:${r.join}`)])).toEqual([
      ['Winners bracket', ['Winners round 1:pairs', 'Winners final:none']],
      ['Losers bracket', ['Losers round 1:straight', 'Losers round 2:none']],
      ['Grand final', ['Grand final:none', 'Grand final reset:none']],
    ]);
  });

  it('names round robin rounds by group when there are several groups', () => {
    const matches = [1, 2].flatMap((g) => [1, 2].map((r) => match({ bracket: 'group', group_number: g, round: r })));
    expect(bracketSections('round_robin', matches).map((s) => [s.title, s.rounds.map((r) => r.label)])).toEqual([
      ['Group 1', ['Group 1 round 1', 'Group 1 round 2']],
      ['Group 2', ['Group 2 round 1', 'Group 2 round 2']],
    ]);
    expect(
      bracketSections(
        'round_robin',
        matches.filter((m) => m.group_number === 1),
      )[0]!.rounds[0]!.label,
    ).toBe('Round 1');
  });
});

describe('matchSummary', () => {
  const teams = new Map<string, BracketTeam>([
    ['a', { id: 'a', name: 'Nova', inGameNames: [] }],
    ['b', { id: 'b', name: 'Crow', inGameNames: [] }],
  ]);
  it.each([
    [{ team1_id: 'a', team2_id: 'b', team1_score: 2, team2_score: 1, state: 'done' as const }, 'Nova 2, Crow 1, done'],
    [{ team1_id: 'a', is_bye: true, state: 'done' as const }, 'Nova, bye'],
    [{ team1_id: 'a', team2_id: 'b', state: 'ready' as const }, 'Nova vs Crow, ready'],
    [{ team1_id: 'a', state: 'waiting_for_opponent' as const }, 'Nova vs to be decided, waiting for opponent'],
    [
      { team1_id: 'a', team2_id: 'b', winner_id: 'b', result_reason: 'forfeit', state: 'done' as const },
      'Nova vs Crow, Crow wins by forfeit',
    ],
  ])('%o reads "%s"', (fields, text) => {
    expect(matchSummary(match(fields), teams)).toBe(text);
  });
});
