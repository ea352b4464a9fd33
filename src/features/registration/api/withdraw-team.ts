// The captain withdraws the team (withdraw_team) until check-in closes; the database frees the slot
// and moves the waitlist up in the same transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { registrationKeys } from './query-keys';

export async function withdrawTeam(teamId: string): Promise<void> {
  await supabase.rpc('withdraw_team', { p_team_id: teamId }).throwOnError();
}

export function useWithdrawTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawTeam,
    // Every tournament view (the tournament's page, the /home cards) counts the freed slot, and My
    // Tournaments loses the team.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: allTournamentsKey }),
        queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
      ]),
  });
}
