// The latest champions (public.recent_champions), for the landing page's recent winners.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { leaderboardKeys } from './query-keys';

export type RecentChampion = Database['public']['Functions']['recent_champions']['Returns'][number];

export async function getRecentChampions(limit: number): Promise<RecentChampion[]> {
  const { data } = await supabase.rpc('recent_champions', { p_limit: limit }).throwOnError();
  return data ?? [];
}

export function useRecentChampions(limit = 3) {
  return useQuery({ queryKey: leaderboardKeys.recentChampions(limit), queryFn: () => getRecentChampions(limit) });
}
