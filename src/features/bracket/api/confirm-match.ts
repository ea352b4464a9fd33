// The other captain confirms a reported result through confirm_match, naming the report's version
// they saw (a report changed since is refused); the winner moves on in the database in the same
// transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { bracketKeys } from '@/features/bracket/api/query-keys';

export async function confirmMatch(matchId: string, reportVersion: number): Promise<void> {
  unwrap(await supabase.rpc('confirm_match', { p_match_id: matchId, p_report_version: reportVersion }));
}

export function useConfirmMatch(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, reportVersion }: { matchId: string; reportVersion: number }) =>
      confirmMatch(matchId, reportVersion),
    // Refused or not, the bracket is read again: a changed report shows its new score.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bracketKeys.bracket(tournamentId), exact: true }),
  });
}
