// The captain accepts the account that claims a place's player ID (it becomes a member once it
// confirms), or turns it away: the place keeps its ID, no longer linked to that account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { registrationKeys } from './query-keys';

export async function acceptTeamPlayer(input: { teamId: string; slot: number; accept: boolean }): Promise<void> {
  await supabase
    .rpc('accept_team_player', { p_team_id: input.teamId, p_slot: input.slot, p_accept: input.accept })
    .throwOnError();
}

export function useAcceptTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTeamPlayer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
  });
}
