// The captain names a player for a place that was left, before check-in closes: the same rules and
// words as a registration (lib/player-rules), checked here first and again by fill_team_place.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { INVALID_PLAYER_ID, PLAYER_ID_PATTERN, inGameNameProblem, normalizePlayerId } from '@/lib/player-rules';
import { registrationKeys } from './query-keys';

/** The form's rules for place `slot` (its number is in the in-game name's messages). */
export function fillTeamPlaceSchema(slot: number) {
  return z.object({
    playerId: z.string().overwrite(normalizePlayerId).regex(PLAYER_ID_PATTERN, INVALID_PLAYER_ID),
    inGameName: z
      .string()
      .trim()
      .superRefine((name, ctx) => {
        const problem = inGameNameProblem(name, slot);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });
}

export type FillTeamPlaceInput = z.input<ReturnType<typeof fillTeamPlaceSchema>>;
export type FillTeamPlaceValues = z.output<ReturnType<typeof fillTeamPlaceSchema>>;

export async function fillTeamPlace(args: { teamId: string; slot: number; values: FillTeamPlaceValues }) {
  await supabase
    .rpc('fill_team_place', {
      p_team_id: args.teamId,
      p_slot: args.slot,
      p_player_id: args.values.playerId,
      p_in_game_name: args.values.inGameName,
    })
    .throwOnError();
}

export function useFillTeamPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillTeamPlace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
  });
}
