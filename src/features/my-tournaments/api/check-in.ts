// The captain checks the team in while the check-in window is open.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function checkIn(teamId: string): Promise<void> {
  await supabase.rpc('check_in', { p_team_id: teamId }).throwOnError();
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-tournaments'] }),
  });
}
