// The administrator removes the bracket and reopens the start (public.reset_tournament), only before
// the first confirmed result.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { adminKeys } from './query-keys';

export const RESET_CONFIRM_MESSAGE =
  'Reset the bracket? Every match is removed and the tournament can be started again with new seeding.';

export async function resetTournament(tournamentId: string): Promise<void> {
  await supabase.rpc('reset_tournament', { p_tournament_id: tournamentId }).throwOnError();
}

export function useResetTournament(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTournament,
    // The removed bracket must not show again for a moment when the tournament starts anew.
    onSuccess: () => queryClient.removeQueries({ queryKey: adminKeys.matches(tournamentId) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches(tournamentId) });
    },
  });
}
