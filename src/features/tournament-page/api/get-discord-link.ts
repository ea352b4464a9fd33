// The tournament's Discord invite, from discord_link(): the database answers it to the tournament's
// registered players and administrators, and null to anyone else.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tournamentPageKey } from './get-tournament';

export async function getDiscordLink(tournamentId: string): Promise<string | null> {
  const { data } = await supabase.rpc('discord_link', { p_tournament_id: tournamentId }).throwOnError();
  return data ?? null;
}

export function useDiscordLink(tournamentId: string, userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...tournamentPageKey(tournamentId), 'discord', userId],
    queryFn: () => getDiscordLink(tournamentId),
    enabled: !!userId && enabled,
  });
}
