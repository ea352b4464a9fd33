// The tournaments the signed-in player registered a team for, newest registration first.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function getMyTournaments(userId: string) {
  const { data } = await supabase
    .from('teams')
    .select('id, team_name, registered_at, tournament:tournaments(id, name, description, thumbnail_url, type)')
    .eq('registered_by', userId)
    .order('registered_at', { ascending: false })
    .throwOnError();
  return data;
}

export type MyTournament = Awaited<ReturnType<typeof getMyTournaments>>[number];

export function useMyTournaments(userId: string | undefined) {
  return useQuery({
    queryKey: ['my-tournaments', userId],
    queryFn: () => getMyTournaments(userId!),
    enabled: !!userId,
  });
}
