// Every cache key of the leaderboard, in one place.
export const leaderboardKeys = {
  /** One page of the leaderboard (get-leaderboard.ts). */
  page: (page: number) => ['leaderboard', page] as const,
  /** The newest champions (get-recent-champions.ts). */
  recentChampions: (limit: number) => ['recent-champions', limit] as const,
};
