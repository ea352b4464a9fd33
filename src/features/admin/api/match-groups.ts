// The administrator's matches as the public bracket shows them: its sections (Swiss rounds, winners,
// losers, grand final, groups) with their rounds in order, named by public.round_label; and above them the matches
// that need the administrator: disputed ones, then late ones (the last of their round still unplayed,
// holding the next round up).
import type { Match } from './get-matches';

export type MatchRound = { key: string; label: string; matches: Match[] };
export type MatchGroup = { key: string; title: string; rounds: MatchRound[] };

const BRACKET_ORDER = ['swiss', 'winners', 'losers', 'grand_final', 'group'];

/** "Semi-final, match 2": the round as the public bracket names it. */
export function matchLabel(m: Pick<Match, 'round_label' | 'position'>): string {
  return `${m.round_label}, match ${m.position}`;
}

const roundKey = (m: Match) => `${m.bracket}-${m.group_number}-${m.round}`;

/** Still to play (or confirm) while every other match of its round is done. */
function isLate(m: Match, all: Match[]): boolean {
  if (m.state !== 'ready' && m.state !== 'awaiting_confirmation') return false;
  const others = all.filter((x) => x.id !== m.id && !x.is_bye && roundKey(x) === roundKey(m));
  return others.length > 0 && others.every((x) => x.confirmed_at !== null);
}

function sectionTitle(m: Match, double: boolean, groups: number, swiss: boolean): string {
  if (m.bracket === 'swiss') return 'Swiss rounds';
  if (m.bracket === 'group') return groups > 1 ? `Group ${m.group_number}` : 'Matches';
  if (m.bracket === 'losers') return 'Losers bracket';
  if (m.bracket === 'grand_final') return 'Grand final';
  if (swiss) return double ? 'Top cut: winners bracket' : 'Top cut';
  return double ? 'Winners bracket' : 'Single elimination';
}

export function groupMatches(matches: Match[]): { attention: Match[]; groups: MatchGroup[] } {
  const disputed = matches.filter((m) => m.state === 'disputed');
  const late = matches.filter((m) => isLate(m, matches));
  const attention = [...disputed, ...late];
  const rest = matches
    .filter((m) => !attention.includes(m))
    .sort(
      (a, b) =>
        BRACKET_ORDER.indexOf(a.bracket) - BRACKET_ORDER.indexOf(b.bracket) ||
        a.group_number - b.group_number ||
        a.round - b.round ||
        a.position - b.position,
    );
  const double = matches.some((m) => m.bracket === 'grand_final');
  const groupCount = new Set(matches.filter((m) => m.bracket === 'group').map((m) => m.group_number)).size;
  const swiss = matches.some((m) => m.bracket === 'swiss');
  const groups: MatchGroup[] = [];
  for (const m of rest) {
    const title = sectionTitle(m, double, groupCount, swiss);
    let group = groups.at(-1);
    if (group?.title !== title) groups.push((group = { key: `${m.bracket}-${m.group_number}`, title, rounds: [] }));
    let round = group.rounds.at(-1);
    if (round?.key !== roundKey(m))
      group.rounds.push((round = { key: roundKey(m), label: m.round_label, matches: [] }));
    round.matches.push(m);
  }
  return { attention, groups };
}
