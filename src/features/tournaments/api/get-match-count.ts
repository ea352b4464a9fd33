// How many matches a tournament's bracket has: the page shows its Bracket section once there are any.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tournamentKeys } from './query-keys';

export async function getMatchCount(tournamentId: string): Promise<number> {
  const { count } = await supabase
    .from('matches')
    .select('id', { count: 'exact', head: true })
    .eq('tournament_id', tournamentId)
    .throwOnError();
  return count ?? 0;
}

export function matchCountQuery(tournamentId: string) {
  return queryOptions({
    queryKey: tournamentKeys.matchCount(tournamentId),
    queryFn: () => getMatchCount(tournamentId),
  });
}

export function useMatchCount(tournamentId: string, enabled: boolean) {
  return useQuery({ ...matchCountQuery(tournamentId), enabled });
}
