// The signed-in person's own team in a tournament, the one they registered (its captain): RLS lets a
// player read only their own registrations. Null when signed out or not registered.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useAuth } from '@/lib/auth';

export const myTeamKey = (tournamentId: string, userId: string | null) =>
  ['bracket', tournamentId, 'my-team', userId] as const;

export async function getMyTeam(tournamentId: string, userId: string): Promise<string | null> {
  const { data } = await supabase
    .from('teams')
    .select('id')
    .eq('tournament_id', tournamentId)
    .eq('registered_by', userId)
    .maybeSingle()
    .throwOnError();
  return data?.id ?? null;
}

/** The id of the team this person captains in the tournament, or null. */
export function useMyTeam(tournamentId: string) {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: myTeamKey(tournamentId, userId),
    queryFn: () => (userId ? getMyTeam(tournamentId, userId) : null),
    enabled: !loading,
  });
}
