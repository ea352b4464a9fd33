// A tournament's Discord invite for the signed-in player (null unless they are registered).
import { useQuery } from '@tanstack/react-query';
import { getDiscordLink } from '@/lib/discord-link';
import { registrationKeys } from './query-keys';

export function useDiscordLink(tournamentId: string, userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.discordLink(tournamentId, userId),
    queryFn: () => getDiscordLink(tournamentId),
    enabled: !!userId && enabled,
  });
}
