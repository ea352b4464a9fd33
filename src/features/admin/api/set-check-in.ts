// The administrator checks a team in or out by hand (public.set_check_in), any time before the start.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './query-keys';

export async function setCheckIn({ teamId, checkedIn }: { teamId: string; checkedIn: boolean }): Promise<void> {
  await supabase.rpc('set_check_in', { p_team_id: teamId, p_checked_in: checkedIn }).throwOnError();
}

export function useSetCheckIn(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCheckIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.teams(tournamentId) }),
  });
}
