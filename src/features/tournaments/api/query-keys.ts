// Every cache key of a tournament's page, in one place: all under the page's key
// (lib/tournament-keys.ts), which the page's live changes and every write to the tournament re-read.
import { tournamentPageKey } from '@/lib/tournament-keys';

export const tournamentKeys = {
  /** The whole page: what a change to the tournament re-reads. */
  page: tournamentPageKey,
  /** The tournament's row (get-tournament.ts). */
  details: (id: string) => [...tournamentPageKey(id), 'details'] as const,
  /** The teams holding its slots (get-tournament-teams.ts). */
  teams: (id: string) => [...tournamentPageKey(id), 'teams'] as const,
  /** How many matches its bracket has (get-match-count.ts). */
  matchCount: (id: string) => [...tournamentPageKey(id), 'matches'] as const,
  /** The viewer's own match (get-next-match.ts). */
  nextMatch: (id: string) => [...tournamentPageKey(id), 'next-match'] as const,
};
