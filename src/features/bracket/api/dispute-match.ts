// The other captain disputes a reported result with a comment through dispute_match; an administrator
// settles it. The comment's rule is the database's (trimmed, 1 to 500 characters), in its words.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { charLength } from '@/lib/text-rules';
import { bracketKeys } from '@/features/bracket/api/query-keys';
import { disputeCommentLength } from '@/lib/database-errors';

export const DISPUTE_COMMENT_MESSAGE = disputeCommentLength.message;

export const disputeMatchSchema = z.object({
  comment: z
    .string()
    .trim()
    .min(1, DISPUTE_COMMENT_MESSAGE)
    .refine((comment) => charLength(comment) <= 500, DISPUTE_COMMENT_MESSAGE),
});

export type DisputeMatchInput = z.infer<typeof disputeMatchSchema>;

export async function disputeMatch(matchId: string, input: DisputeMatchInput): Promise<void> {
  unwrap(await supabase.rpc('dispute_match', { p_match_id: matchId, p_comment: input.comment }));
}

export function useDisputeMatch(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, input }: { matchId: string; input: DisputeMatchInput }) => disputeMatch(matchId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketKeys.bracket(tournamentId), exact: true }),
  });
}
