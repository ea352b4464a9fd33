// The administrator cancels a tournament: cancelled_at is set once and stays (the schedule trigger
// refuses any later change with "A cancelled tournament stays cancelled.").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { allTournamentsKey } from '@/lib/tournament-keys';

export const CANCEL_CONFIRM_MESSAGE =
  'Cancel this tournament? Players see it as cancelled, nobody can register or check in, and it cannot be undone.';
export const CANCEL_SUCCESS_MESSAGE = 'Tournament cancelled';

export async function cancelTournament(id: string): Promise<void> {
  const { data } = await supabase
    .from('tournaments')
    .update({ cancelled_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
    .throwOnError();
  if (data.length === 0) throw new AppError('This tournament no longer exists.', { userFacing: true });
}

export function useCancelTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTournament,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allTournamentsKey }),
  });
}
