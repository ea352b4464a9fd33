// The Discord invite shown in a match's dialog, where the two sides meet to play: the database answers
// it to the tournament's players and administrators only, so visitors see none.
import { useQuery } from '@tanstack/react-query';
import { getDiscordLink } from '@/lib/discord-link';
import { bracketKeys } from '@/features/bracket/api/query-keys';

export function useMatchDiscordLink(tournamentId: string, userId: string | null) {
  return useQuery({
    // Not under the bracket's key: every live match change re-reads that one.
    queryKey: bracketKeys.discordLink(tournamentId, userId),
    queryFn: () => getDiscordLink(tournamentId),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}
