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
    report_version: 0,
    disputed_at: null,
    dispute_comment: null,
    confirmed_at: null,
    result_reason: null,
    state: 'waiting_for_opponent',
    round_label: `Round ${fields.round ?? 1}`,
    ...fields,
  };
}

/** A round of `count` matches, named as the database names it (public.round_label). */
const round = (bracket: string, r: number, count: number, label: string) =>
  Array.from({ length: count }, (_, i) => match({ bracket, round: r, position: i + 1, round_label: label }));

describe('bracketSections', () => {
  it("orders a single elimination bracket's rounds, named by the database, with paired lines", () => {
    const [section, ...rest] = bracketSections('single_elimination', [
      ...round('winners', 3, 1, 'Final'),
      ...round('winners', 1, 4, 'Quarter-final'),
      ...round('winners', 2, 2, 'Semi-final'),
    ]);
    expect(rest).toEqual([]);
    expect(section!.title).toBe('Single elimination');
    expect(section!.rounds.map((r) => [r.label, r.matches.length, r.join])).toEqual([
      ['Quarter-final', 4, 'pairs'],
      ['Semi-final', 2, 'pairs'],
      ['Final', 1, 'none'],
    ]);
  });

  it('splits double elimination into winners, losers (straight then paired lines) and the grand final', () => {
    const sections = bracketSections('double_elimination', [
      ...round('winners', 1, 2, 'Winners round 1'),
      ...round('winners', 2, 1, 'Winners final'),
      ...round('losers', 1, 1, 'Losers round 1'),
      ...round('losers', 2, 1, 'Losers final'),
      ...round('grand_final', 1, 1, 'Grand final'),
      ...round('grand_final', 2, 1, 'Grand final reset'),
    ]);
    expect(sections.map((s) => [s.title, s.rounds.map((r) => `${r.label}:${r.join}`)])).toEqual([
      ['Winners bracket', ['Winners round 1:pairs', 'Winners final:none']],
      ['Losers bracket', ['Losers round 1:straight', 'Losers final:none']],
      ['Grand final', ['Grand final:none', 'Grand final reset:none']],
    ]);
  });

  it('puts round robin rounds under their group when there are several groups', () => {
    const matches = [2, 1].flatMap((g) =>
      [2, 1].map((r) => match({ bracket: 'group', group_number: g, round: r, round_label: `Group ${g}, round ${r}` })),
    );
    expect(bracketSections('round_robin', matches).map((s) => [s.title, s.rounds.map((r) => r.label)])).toEqual([
      ['Group 1', ['Group 1, round 1', 'Group 1, round 2']],
      ['Group 2', ['Group 2, round 1', 'Group 2, round 2']],
    ]);
    const single = bracketSections('round_robin', round('group', 1, 2, 'Round 1'));
    expect(single.map((s) => [s.title, s.rounds.map((r) => r.label)])).toEqual([['Matches', ['Round 1']]]);
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
