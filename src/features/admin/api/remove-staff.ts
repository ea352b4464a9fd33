// An administrator or co-organiser removes someone from a tournament's staff (RLS: "Organisers can
// remove staff").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { adminKeys } from './query-keys';

export const STAFF_GONE_MESSAGE = 'They are no longer on the staff, or you cannot change it.';

export async function removeStaff(tournamentId: string, userId: string): Promise<void> {
  const { data } = await supabase
    .from('tournament_staff')
    .delete()
    .eq('tournament_id', tournamentId)
    .eq('user_id', userId)
    .select('user_id')
    .throwOnError();
  // RLS filters rather than raises: no row back means it was not there (or not the caller's to change).
  if (data.length === 0) throw new AppError(STAFF_GONE_MESSAGE, { userFacing: true });
}

export function useRemoveStaff(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeStaff(tournamentId, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff(tournamentId) }),
  });
}
