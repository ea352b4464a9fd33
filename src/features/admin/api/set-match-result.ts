// The administrator sets or corrects a match result game by game (public.set_match_result), or
// awards it by forfeit or no-show (public.forfeit_match). When later matches were played on the old
// result the database refuses with reset_later_matches; the admin confirms and the call is retried
// with p_confirm_reset, which resets those matches.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { isRuleError } from '@/lib/errors';
import { resetLaterMatches } from '@/lib/database-errors';
import { GAME_WINNER_REQUIRED, gamesIssue, gamesIssueMessage, REPORT_A_GAME } from '@/lib/best-of';
import { adminKeys } from './query-keys';

export const RESET_NEEDED_MESSAGE = resetLaterMatches.message;

/** Whether the database asked for the reset to be confirmed (by its code). */
export const needsResetConfirmation = (error: unknown) => isRuleError(error, resetLaterMatches);

/** The games as the database checks them (lib/best-of.ts): a winner each, and the match over exactly at the last. */
export function resultSchema(bestOf: number) {
  return z.object({
    games: z
      .array(z.object({ winner: z.union([z.literal(1), z.literal(2)], { message: GAME_WINNER_REQUIRED }) }))
      .min(1, REPORT_A_GAME)
      .superRefine((games, ctx) => {
        const issue = gamesIssue(
          bestOf,
          games.map((g) => g.winner),
        );
        if (!issue || issue.kind === 'no-games') return;
        const path = issue.kind === 'after-the-end' ? [issue.game] : [];
        ctx.addIssue({ code: 'custom', message: gamesIssueMessage(bestOf, issue), path });
      }),
  });
}
export type ResultValues = z.output<ReturnType<typeof resultSchema>>;

export async function setMatchResult({
  matchId,
  games,
  confirmReset = false,
}: {
  matchId: string;
  games: ResultValues['games'];
  confirmReset?: boolean;
}): Promise<void> {
  await supabase
    .rpc('set_match_result', { p_match_id: matchId, p_games: games, p_confirm_reset: confirmReset })
    .throwOnError();
}

export const FORFEIT_REASONS = ['forfeit', 'no_show'] as const;
export type ForfeitReason = (typeof FORFEIT_REASONS)[number];

export async function forfeitMatch({
  matchId,
  winnerTeamId,
  reason,
  confirmReset = false,
}: {
  matchId: string;
  winnerTeamId: string;
  reason: ForfeitReason;
  confirmReset?: boolean;
}): Promise<void> {
  await supabase
    .rpc('forfeit_match', {
      p_match_id: matchId,
      p_winner_team_id: winnerTeamId,
      p_reason: reason,
      p_confirm_reset: confirmReset,
    })
    .throwOnError();
}

function useResultMutation<V>(tournamentId: string, fn: (v: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.resultChanges(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
    },
  });
}

export const useSetMatchResult = (tournamentId: string) => useResultMutation(tournamentId, setMatchResult);
export const useForfeitMatch = (tournamentId: string) => useResultMutation(tournamentId, forfeitMatch);
