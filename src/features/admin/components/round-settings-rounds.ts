// A started bracket's matches gathered into rounds, each with its best-of, its games and whether a
// reported result has fixed it; one round covers the groups of a round robin, as the database does.
import type { Match } from '../api/get-matches';
import { roundGames, type RoundGame } from '../api/set-round-settings';

const BRACKET_ORDER = ['winners', 'losers', 'grand_final', 'group'];

export type Round = {
  key: string;
  bracket: string;
  round: number;
  label: string;
  bestOf: number;
  games: RoundGame[];
  locked: boolean;
};

/** The bracket's rounds in play order, named as the database names them. */
export function roundsOf(matches: Match[]): Round[] {
  const byRound = new Map<string, Match[]>();
  for (const m of matches) {
    const key = `${m.bracket}-${m.round}`;
    byRound.set(key, [...(byRound.get(key) ?? []), m]);
  }
  return [...byRound.entries()]
    .map(([key, ms]) => {
      ms.sort((a, b) => a.group_number - b.group_number || a.position - b.position);
      // The settings are the same on every match of the round; a bye is played as nothing.
      const first = ms.find((m) => !m.is_bye) ?? ms[0]!;
      const labels = [...new Set(ms.map((m) => m.round_label))];
      return {
        key,
        bracket: first.bracket,
        round: first.round,
        label: labels.length === 1 ? labels[0]! : `Round ${first.round}, every group`,
        bestOf: first.best_of,
        games: roundGames(first),
        locked: ms.some((m) => !m.is_bye && (m.reported_at !== null || m.confirmed_at !== null)),
      };
    })
    .sort((a, b) => BRACKET_ORDER.indexOf(a.bracket) - BRACKET_ORDER.indexOf(b.bracket) || a.round - b.round);
}
