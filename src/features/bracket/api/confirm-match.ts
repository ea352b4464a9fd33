// The other captain confirms a reported result through confirm_match; the winner moves on in the
// database in the same transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { bracketKeys } from '@/features/bracket/api/query-keys';

export async function confirmMatch(matchId: string): Promise<void> {
  unwrap(await supabase.rpc('confirm_match', { p_match_id: matchId }));
}

export function useConfirmMatch(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) => confirmMatch(matchId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketKeys.bracket(tournamentId), exact: true }),
  });
}
