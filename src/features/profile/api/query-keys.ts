// Every cache key of the profile, in one place.
export const profileKeys = {
  /** A player's own profile (get-profile.ts). */
  profile: (userId: string | undefined) => ['profile', userId] as const,
};
