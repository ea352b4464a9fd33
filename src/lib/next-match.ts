// A player's next match as public.my_next_match answers it, shared by the tournament page's "Your
// match" and My Tournaments' cards: the row's type (its schema is in next-match-rows.ts, fetched
// beside the request), and the words both say (the state, the place, the games).
import type { NextMatch } from '@/lib/next-match-rows';

export type { NextMatch };

/** public.my_next_match's rows schema (and zod), fetched beside the request: start it first, await it after. */
export const loadNextMatchRows = () => import('@/lib/next-match-rows').then((m) => m.nextMatchRows);

/** The match's state as the player reads it about their own match. */
export const NEXT_MATCH_STATES: Record<string, string> = {
  waiting_for_opponent: 'Waiting for your opponent',
  ready: 'Ready to play',
  awaiting_confirmation: 'Awaiting confirmation',
  disputed: 'Disputed: an administrator will decide',
  done: 'Done',
};

/** What the player does with their current match, as the button that opens it says. */
export function matchAction(next: NextMatch): string {
  return next.can_report ? 'Report result' : next.can_confirm ? 'Confirm result' : 'Open match';
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** Without a match to play: over, out (with the place), or waiting for the next round robin match. */
export function noMatchText(next: NextMatch): string {
  const place = next.placement ? ordinal(next.placement) : null;
  if (next.status === 'completed') return `The tournament is over${place ? `: you finished ${place}` : ''}.`;
  if (next.status === 'eliminated') return `You are out of the tournament${place ? `: you finish ${place}` : ''}.`;
  return 'You have no match to play right now: your next one appears here.';
}

/**
 * The opponent's players after their name, "(Ann, Bo)"; none when that would only repeat the name
 * (a 1v1 entry is named after its one player).
 */
export function opponentPlayers(next: NextMatch): string {
  const names = next.opponent_in_game_names ?? [];
  if (names.length === 0 || names.join(', ') === next.opponent_team_name) return '';
  return `(${names.join(', ')})`;
}

/** The games that have a mode or a map: "Gem Grab: Hard Rock Mine". */
export function gameTexts(next: NextMatch): string[] {
  return (next.maps ?? []).filter((m) => m.mode || m.map).map((m) => [m.mode, m.map].filter(Boolean).join(': '));
}
