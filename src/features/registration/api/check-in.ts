// The captain checks the team in during the check-in window (check_in); the database checks the
// window and that every place has a player. Both views of the team re-read: the tournament's page
// and My Tournaments.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tournamentPageKey } from '@/lib/tournament-keys';
import { registrationKeys } from './query-keys';

export async function checkIn({ teamId }: { tournamentId: string; teamId: string }): Promise<void> {
  await supabase.rpc('check_in', { p_team_id: teamId }).throwOnError();
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSettled: (_data, _error, { tournamentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tournamentPageKey(tournamentId) }),
        queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
      ]),
  });
}
