// A captain reports a match game by game through report_match. The schema is the report form's and
// checks what the database checks (private.score_games), in its words, so an impossible score for the
// best-of is refused before it is sent and reads the same if the database refuses it.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { bracketKey } from '@/features/bracket/api/get-bracket';

export const REPORT_A_GAME = 'Report at least one game.';
export const GAME_WINNER_REQUIRED = 'Each game needs its winner: team 1 or team 2.';

/** Games a team needs to win a best of `bestOf`. */
export const gamesToWin = (bestOf: number) => Math.floor(bestOf / 2) + 1;
export const bestOfMessage = (bestOf: number) =>
  `A best of ${bestOf} ends when a team wins ${gamesToWin(bestOf)} games.`;

/** The games' score, team 1 then team 2. */
export function scoreOf(games: { winner: string }[]): [number, number] {
  return [games.filter((g) => g.winner === '1').length, games.filter((g) => g.winner === '2').length];
}

/** The form's and the call's rules for a best of `bestOf`: winners are '1' or '2' (radio values). */
export function reportMatchSchema(bestOf: number) {
  const needed = gamesToWin(bestOf);
  return z
    .object({
      games: z.array(z.object({ winner: z.string() })).min(1, REPORT_A_GAME),
    })
    .superRefine(({ games }, ctx) => {
      let score: [number, number] = [0, 0];
      for (const [index, game] of games.entries()) {
        // A game after the match was decided: the database refuses it first, with the best-of rule.
        if (Math.max(...score) >= needed) {
          ctx.addIssue({ code: 'custom', path: ['games'], message: bestOfMessage(bestOf) });
          return;
        }
        if (game.winner !== '1' && game.winner !== '2') {
          ctx.addIssue({ code: 'custom', path: ['games', index, 'winner'], message: GAME_WINNER_REQUIRED });
          return;
        }
        score = scoreOf(games.slice(0, index + 1));
      }
      if (games.length > 0 && Math.max(...score) < needed) {
        ctx.addIssue({ code: 'custom', path: ['games'], message: bestOfMessage(bestOf) });
      }
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bracketKey(tournamentId), exact: true }),
  });
}
