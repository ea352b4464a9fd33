// Pure shaping of a bracket for display: the sections (winners, losers, grand final, groups), their
// rounds named as the database names them (round_label: Final, Semi-final, Losers round 2, Group 2,
// round 1...), and the sentence a screen reader says for a match.
import type { BracketTeam, Match, MatchState } from '@/features/bracket/api/get-bracket';

/** How a round's matches lead into the next round's, for the connecting lines. */
export type Join = 'pairs' | 'straight' | 'none';
export type Round = { key: string; label: string; matches: Match[]; join: Join };
export type Section = { key: string; title: string; rounds: Round[] };

export const STATE_LABELS: Record<MatchState, string> = {
  waiting_for_opponent: 'waiting for opponent',
  ready: 'ready',
  awaiting_confirmation: 'awaiting confirmation',
  disputed: 'disputed',
  done: 'done',
};

export const TO_BE_DECIDED = 'to be decided';

function roundsOf(matches: Match[]): Match[][] {
  const byRound = new Map<number, Match[]>();
  for (const m of matches) byRound.set(m.round, [...(byRound.get(m.round) ?? []), m]);
  return [...byRound.entries()].sort(([a], [b]) => a - b).map(([, ms]) => ms.sort((a, b) => a.position - b.position));
}

/** Lines from one round to the next: two matches into one, one into one, or none (the last round). */
function joins(rounds: Match[][]): Join[] {
  return rounds.map((ms, i) => {
    const next = rounds[i + 1];
    if (!next) return 'none';
    if (next.length * 2 === ms.length) return 'pairs';
    return next.length === ms.length ? 'straight' : 'none';
  });
}

export function bracketSections(format: string, matches: Match[]): Section[] {
  if (format === 'swiss') {
    // The Swiss rounds, then the top cut's bracket once the last round has made it.
    const swiss: Section = {
      key: 'swiss',
      title: 'Swiss rounds',
      rounds: roundsOf(matches.filter((m) => m.bracket === 'swiss')).map((ms) => ({
        key: `swiss-${ms[0]!.round}`,
        label: ms[0]!.round_label,
        matches: ms,
        join: 'none' as const,
      })),
    };
    const cut = matches.filter((m) => m.bracket !== 'swiss');
    if (cut.length === 0) return [swiss];
    const double = cut.some((m) => m.bracket === 'grand_final');
    return [
      swiss,
      ...bracketSections(double ? 'double_elimination' : 'single_elimination', cut).map((s) => ({
        ...s,
        title: `Top cut: ${s.title.toLowerCase()}`,
      })),
    ];
  }
  if (format === 'round_robin') {
    const groups = [...new Set(matches.map((m) => m.group_number))].sort((a, b) => a - b);
    return groups.map((g) => ({
      key: `group-${g}`,
      title: groups.length > 1 ? `Group ${g}` : 'Matches',
      rounds: roundsOf(matches.filter((m) => m.bracket === 'group' && m.group_number === g)).map((ms) => ({
        key: `group-${g}-${ms[0]!.round}`,
        label: ms[0]!.round_label,
        matches: ms,
        join: 'none' as const,
      })),
    }));
  }
  const double = format === 'double_elimination';
  const sections: Section[] = [];
  const winners = roundsOf(matches.filter((m) => m.bracket === 'winners'));
  const winnerJoins = joins(winners);
  sections.push({
    key: 'winners',
    title: double ? 'Winners bracket' : 'Single elimination',
    rounds: winners.map((ms, i) => ({
      key: `winners-${ms[0]!.round}`,
      label: ms[0]!.round_label,
      matches: ms,
      join: winnerJoins[i]!,
    })),
  });
  if (double) {
    const losers = roundsOf(matches.filter((m) => m.bracket === 'losers'));
    const loserJoins = joins(losers);
    if (losers.length > 0) {
      sections.push({
        key: 'losers',
        title: 'Losers bracket',
        rounds: losers.map((ms, i) => ({
          key: `losers-${ms[0]!.round}`,
          label: ms[0]!.round_label,
          matches: ms,
          join: loserJoins[i]!,
        })),
      });
    }
    const grand = roundsOf(matches.filter((m) => m.bracket === 'grand_final'));
    sections.push({
      key: 'grand-final',
      title: 'Grand final',
      rounds: grand.map((ms) => ({
        key: `grand-final-${ms[0]!.round}`,
        label: ms[0]!.round_label,
        matches: ms,
        join: 'none' as const,
      })),
    });
  }
  return sections;
}

export function teamName(teams: Map<string, BracketTeam>, id: string | null): string {
  if (!id) return TO_BE_DECIDED;
  return teams.get(id)?.name ?? 'Unknown team';
}

/** What a match says to a screen reader: "Team A 2, Team B 1, done"; "Team A, bye". */
export function matchSummary(match: Match, teams: Map<string, BracketTeam>): string {
  const a = teamName(teams, match.team1_id);
  const b = teamName(teams, match.team2_id);
  if (match.is_bye) return `${a}, bye`;
  let state = STATE_LABELS[match.state] ?? match.state;
  if (match.state === 'done' && match.result_reason && match.result_reason !== 'played') {
    state = `${match.winner_id === match.team1_id ? a : b} wins by ${match.result_reason === 'no_show' ? 'no-show' : 'forfeit'}`;
  }
  if (match.team1_score !== null && match.team2_score !== null) {
    return `${a} ${match.team1_score}, ${b} ${match.team2_score}, ${state}`;
  }
  return `${a} vs ${b}, ${state}`;
}
