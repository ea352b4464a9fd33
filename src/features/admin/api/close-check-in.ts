// "Close check-in now" (public.close_check_in): the organiser ends check-in at once instead of at its
// time, and no-shows give their slots to checked-in waitlisted teams there and then, as at the close.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { adminKeys } from './query-keys';

export async function closeCheckIn(tournamentId: string): Promise<void> {
  await supabase.rpc('close_check_in', { p_tournament_id: tournamentId }).throwOnError();
}

export function useCloseCheckIn(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeCheckIn(tournamentId),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: allTournamentsKey });
      await queryClient.invalidateQueries({ queryKey: adminKeys.teams(tournamentId) });
    },
  });
}
