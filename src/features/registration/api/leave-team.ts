// A player entered by a captain leaves the team, freeing the place for the captain to fill (until check-in closes).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { registrationKeys } from './query-keys';

export async function leaveTeam(teamId: string): Promise<void> {
  await supabase.rpc('leave_team', { p_team_id: teamId }).throwOnError();
}

export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
  });
}
