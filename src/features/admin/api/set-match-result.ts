// The administrator sets or corrects a match result game by game (public.set_match_result), or
// awards it by forfeit or no-show (public.forfeit_match). When later matches were played on the old
// result the database refuses with RESET_NEEDED_MESSAGE; the admin confirms and the call is retried
// with p_confirm_reset, which resets those matches.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/get-tournaments';
import { errorMessage } from '@/lib/errors';
import { matchesKey } from './get-matches';
import { resultChangesKey } from './get-result-changes';

export const RESET_NEEDED_MESSAGE = 'Later matches were played after this result: confirm to reset them.';

/** Whether the database asked for the reset to be confirmed. */
export const needsResetConfirmation = (error: unknown) => errorMessage(error) === RESET_NEEDED_MESSAGE;

/** The games as private.score_games checks them: a winner each, and the match over exactly at the last. */
export function resultSchema(bestOf: number) {
  const needed = Math.floor(bestOf / 2) + 1;
  const ends = `A best of ${bestOf} ends when a team wins ${needed} games.`;
  return z.object({
    games: z
      .array(
        z.object({
          winner: z.union([z.literal(1), z.literal(2)], { message: 'Each game needs its winner: team 1 or team 2.' }),
        }),
      )
      .min(1, 'Report at least one game.')
      .superRefine((games, ctx) => {
        const wins = [0, 0];
        for (const [i, game] of games.entries()) {
          if (Math.max(wins[0]!, wins[1]!) >= needed) {
            ctx.addIssue({ code: 'custom', message: ends, path: [i] });
            return;
          }
          wins[game.winner - 1]! += 1;
        }
        if (Math.max(wins[0]!, wins[1]!) < needed) ctx.addIssue({ code: 'custom', message: ends });
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
      void queryClient.invalidateQueries({ queryKey: matchesKey(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: resultChangesKey(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
    },
  });
}

export const useSetMatchResult = (tournamentId: string) => useResultMutation(tournamentId, setMatchResult);
export const useForfeitMatch = (tournamentId: string) => useResultMutation(tournamentId, forfeitMatch);
