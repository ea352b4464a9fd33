// A captain reports a match game by game through report_match. The schema is the report form's and
// checks what the database checks (lib/best-of.ts), in its words, so an impossible score for the
// best-of is refused before it is sent and reads the same if the database refuses it.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { bracketKeys } from '@/features/bracket/api/query-keys';
import { gamesIssue, gamesIssueMessage, REPORT_A_GAME } from '@/lib/best-of';

/** The form's and the call's rules for a best of `bestOf`: winners are '1' or '2' (radio values). */
export function reportMatchSchema(bestOf: number) {
  return z
    .object({
      games: z.array(z.object({ winner: z.string() })).min(1, REPORT_A_GAME),
    })
    .superRefine(({ games }, ctx) => {
      const issue = gamesIssue(
        bestOf,
        games.map((g) => g.winner),
      );
      if (!issue || issue.kind === 'no-games') return;
      // A missing winner is shown on its game; the best-of rule on the whole report.
      const path = issue.kind === 'no-winner' ? ['games', issue.game, 'winner'] : ['games'];
      ctx.addIssue({ code: 'custom', path, message: gamesIssueMessage(bestOf, issue) });
    });
}

export type ReportMatchInput = z.infer<ReturnType<typeof reportMatchSchema>>;

export async function reportMatch(matchId: string, input: ReportMatchInput): Promise<void> {
  unwrap(
    await supabase.rpc('report_match', {
      p_match_id: matchId,
      p_games: input.games.map((g) => ({ winner: Number(g.winner) })),
    }),
  );
}

export function useReportMatch(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, input }: { matchId: string; input: ReportMatchInput }) => reportMatch(matchId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketKeys.bracket(tournamentId), exact: true }),
  });
}
