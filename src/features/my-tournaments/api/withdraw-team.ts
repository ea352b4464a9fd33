// The captain withdraws the team until check-in closes; its slot goes to the waitlist.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function withdrawTeam(teamId: string): Promise<void> {
  await supabase.rpc('withdraw_team', { p_team_id: teamId }).throwOnError();
}

export function useWithdrawTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-tournaments'] }),
  });
}
