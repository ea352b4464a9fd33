// A player entered by a captain confirms their place on the team.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { registrationKeys } from './query-keys';

export async function confirmTeamPlace(teamId: string): Promise<void> {
  await supabase.rpc('confirm_team_place', { p_team_id: teamId }).throwOnError();
}

export function useConfirmTeamPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTeamPlace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
  });
}
