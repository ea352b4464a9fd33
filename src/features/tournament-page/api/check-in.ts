// The captain checks the team in during the check-in window (check_in); the database checks the
// window and that every place has a player.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tournamentPageKey } from './get-tournament';

export async function checkIn(args: { tournamentId: string; teamId: string }): Promise<void> {
  await supabase.rpc('check_in', { p_team_id: args.teamId }).throwOnError();
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: (_data, args) => queryClient.invalidateQueries({ queryKey: tournamentPageKey(args.tournamentId) }),
  });
}
