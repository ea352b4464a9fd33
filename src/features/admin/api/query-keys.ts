// Every cache key of the administrator's screens, in one place. A tournament's own key sits under
// the tournaments key (lib/get-tournaments.ts), so a write that re-reads every tournament view
// re-reads it too.
import { allTournamentsKey } from '@/lib/tournament-keys';

export const adminKeys = {
  /** One tournament with its computed fields (get-tournament.ts). */
  tournament: (id: string) => [...allTournamentsKey, 'admin', id] as const,
  /** A tournament's roster (get-teams.ts). */
  teams: (tournamentId: string) => ['teams', tournamentId] as const,
  /** A tournament's matches (get-matches.ts). */
  matches: (tournamentId: string) => ['admin-matches', tournamentId] as const,
  /** A tournament's rounds' draft settings (round-drafts.ts). */
  roundDrafts: (tournamentId: string) => ['round-drafts', tournamentId] as const,
  /** A tournament's result history (get-result-changes.ts). */
  resultChanges: (tournamentId: string) => ['result-changes', tournamentId] as const,
  /** A tournament's staff (get-staff.ts). */
  staff: (tournamentId: string) => ['tournament-staff', tournamentId] as const,
};
