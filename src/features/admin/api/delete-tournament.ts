// Deletes a tournament; its teams and players go with it (the foreign keys cascade).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { type TournamentWithMyTeam } from '@/lib/get-tournaments';
import { allTournamentsKey } from '@/lib/tournament-keys';

export const DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this tournament?';
export const DELETE_SUCCESS_MESSAGE = 'Tournament and associated data deleted successfully';
export const DELETE_ERROR_MESSAGE = 'Error deleting tournament and associated data';

export async function deleteTournament(id: string): Promise<void> {
  const { data } = await supabase.from('tournaments').delete().eq('id', id).select('id').throwOnError();
  // RLS filters rather than raises: no row back means nothing was deleted.
  if (data.length === 0) throw new AppError(DELETE_ERROR_MESSAGE);
}

export function useDeleteTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTournament,
    onSuccess: (_done, id) => {
      // Every list under the key loses the tournament; one tournament's own queries (its page, its
      // admin screens) are re-read below.
      queryClient.setQueriesData<TournamentWithMyTeam[]>({ queryKey: allTournamentsKey }, (list) =>
        Array.isArray(list) ? list.filter((t) => t.id !== id) : list,
      );
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
    },
  });
}
