// Every cache key of a player's own registrations, in one place. What one tournament's page shows of
// them (the viewer's team, its Discord invite) sits under that page's key (lib/tournament-keys.ts).
import { tournamentPageKey } from '@/lib/tournament-keys';

const mine = ['my-tournaments'] as const;

export const registrationKeys = {
  /** Every query of My Tournaments, whoever is signed in: what a write to a team re-reads. */
  mine,
  /** The teams the player is on (get-my-tournaments.ts). */
  myTeams: (userId: string | undefined) => [...mine, userId] as const,
  /** The player's next match in each started tournament (get-next-matches.ts). */
  nextMatches: (userId: string | undefined) => [...mine, userId, 'next-matches'] as const,
  /** The tournament's Discord invite for the viewer (get-discord-link.ts). */
  discordLink: (tournamentId: string, userId: string | null) =>
    [...tournamentPageKey(tournamentId), 'discord', userId] as const,
};
