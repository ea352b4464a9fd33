// Every cache key of the bracket, in one place.
export const bracketKeys = {
  /** A tournament's bracket: its matches, teams and standings under one key (get-bracket.ts). */
  bracket: (tournamentId: string) => ['bracket', tournamentId] as const,
  /** The tournament's Discord invite for the viewer, shown in a match (get-discord-link.ts). */
  discordLink: (tournamentId: string, userId: string | null) => ['discord-link', tournamentId, userId] as const,
};
