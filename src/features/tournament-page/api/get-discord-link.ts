// The tournament page's Discord invite for the signed-in player (null unless they are registered).
import { useQuery } from '@tanstack/react-query';
import { getDiscordLink } from '@/lib/discord-link';
import { tournamentPageKey } from './get-tournament';

export function useDiscordLink(tournamentId: string, userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...tournamentPageKey(tournamentId), 'discord', userId],
    queryFn: () => getDiscordLink(tournamentId),
    enabled: !!userId && enabled,
  });
}
