// The administrator removes a team; the database gives its slot to the first team on the waitlist in
// the same transaction (private.promote_after_team_delete).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { adminKeys } from './query-keys';
import { registrationGone } from '@/lib/database-errors';

export const REMOVE_CONFIRM_MESSAGE =
  'Remove this team from the tournament? The first team on the waitlist takes its slot.';
export const TEAM_GONE_MESSAGE = registrationGone.message;

export async function removeTeam(teamId: string): Promise<void> {
  const { data } = await supabase.from('teams').delete().eq('id', teamId).select('id').throwOnError();
  // RLS filters rather than raises: no row back means it was gone already (or not the admin's to remove).
  if (data.length === 0) throw new AppError(TEAM_GONE_MESSAGE, { userFacing: true });
}

export function useRemoveTeam(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeam,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.teams(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
    },
  });
}
