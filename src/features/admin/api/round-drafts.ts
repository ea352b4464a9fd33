// The organiser's draft for each round (public.round_drafts, written by public.set_round_draft): off,
// a map draft or a full draft, with its bans, pick order, map pool and seconds per step. The form
// checks the same bounds as the database, whose answer has the last word.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import type { Tables } from '@/types/database';
import { adminKeys } from './query-keys';

export type RoundDraft = Tables<'round_drafts'>;

export const roundDraftSchema = z.object({
  kind: z.enum(['off', 'maps', 'full']),
  mapBans: z.coerce.number().int().min(0).max(3),
  globalBans: z.coerce.number().int().min(0).max(5),
  gameBans: z.coerce.number().int().min(0).max(3),
  pickOrder: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([AB]{2,6})?$/, 'The pick order is A and B only.'),
  stepSeconds: z.coerce
    .number()
    .int()
    .min(10, 'Each step lasts 10 to 300 seconds.')
    .max(300, 'Each step lasts 10 to 300 seconds.'),
  /** One "Mode: Map" (or a map alone) per line; empty: the round's games. */
  mapPool: z.string().max(2000),
});
export type RoundDraftValues = z.infer<typeof roundDraftSchema>;

/** "Gem Grab: Hard Rock Mine" lines as the database's [{mode, map}]. */
export function poolOf(text: string): { mode: string | null; map: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(': ');
      return at > 0 ? { mode: line.slice(0, at), map: line.slice(at + 2) } : { mode: null, map: line };
    });
}

export function useRoundDrafts(tournamentId: string) {
  return useQuery({
    queryKey: adminKeys.roundDrafts(tournamentId),
    queryFn: async () =>
      unwrap(await supabase.from('round_drafts').select('*').eq('tournament_id', tournamentId)) ?? [],
  });
}

export function useSetRoundDraft(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ bracket, round, values }: { bracket: string; round: number; values: RoundDraftValues }) => {
      unwrap(
        await supabase.rpc('set_round_draft', {
          p_tournament_id: tournamentId,
          p_bracket: bracket,
          p_round: round,
          p_kind: values.kind,
          p_map_pool: poolOf(values.mapPool),
          p_map_bans: values.mapBans,
          p_global_bans: values.globalBans,
          p_game_bans: values.gameBans,
          p_pick_order: values.pickOrder || undefined,
          p_step_seconds: values.stepSeconds,
        }),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.roundDrafts(tournamentId) }),
  });
}
