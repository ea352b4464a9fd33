// Every cache key of the profile, in one place.
export const profileKeys = {
  /** A player's own profile (get-profile.ts). */
  profile: (userId: string | undefined) => ['profile', userId] as const,
  /** The ways the account signs in: e-mail, Discord (discord-identity.ts). */
  identities: (userId: string | undefined) => ['identities', userId] as const,
  /** Whether this site verifies player IDs (verify-player-id.ts). */
  verification: ['player-id-verification'] as const,
};
