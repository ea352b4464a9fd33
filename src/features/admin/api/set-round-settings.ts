// The administrator sets what a round is played as (public.set_round_settings): its best-of and, per
// game, an optional mode and map. The form checks the shared schema first (the database's own rules
// and words); the database writes every match of the round at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { roundSettingsSchema } from '@/lib/round-settings';
import type { TournamentType } from '@/lib/tournament';
import type { Match } from './get-matches';
import { adminKeys } from './query-keys';

/** A round as set_round_settings names it: every group plays its round n under one setting. */
export type RoundRef = { bracket: string; round: number };

export type RoundSettingsInput = RoundRef & { tournamentId: string; type: TournamentType; settings: unknown };

export async function setRoundSettings({ tournamentId, type, bracket, round, settings }: RoundSettingsInput) {
  const { bestOf, maps } = roundSettingsSchema(type).parse(settings);
  await supabase
    .rpc('set_round_settings', {
      p_tournament_id: tournamentId,
      p_bracket: bracket,
      p_round: round,
      p_best_of: bestOf,
      p_maps: maps,
    })
    .throwOnError();
}

export function useSetRoundSettings(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<RoundSettingsInput, 'tournamentId'>) => setRoundSettings({ ...input, tournamentId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.matches(tournamentId) }),
  });
}

/** One game of a round as stored in matches.maps. */
export type RoundGame = { mode: string | null; map: string | null };

/** A match's stored games (matches.maps), whatever shape it has. */
export function roundGames(match: Pick<Match, 'maps'>): RoundGame[] {
  if (!Array.isArray(match.maps)) return [];
  return match.maps.map((g) => {
    const game = (g && typeof g === 'object' && !Array.isArray(g) ? g : {}) as Record<string, unknown>;
    return {
      mode: typeof game.mode === 'string' ? game.mode : null,
      map: typeof game.map === 'string' ? game.map : null,
    };
  });
}

/** "Best of 3 · Gem Grab: Hard Rock Mine, Brawl Ball, Any" (in game order; trailing unset games left out). */
export function roundSummary(bestOf: number, games: RoundGame[]): string {
  const named = games.map((g) => [g.mode, g.map].filter(Boolean).join(': ') || 'Any');
  while (named.at(-1) === 'Any') named.pop();
  return [`Best of ${bestOf}`, named.join(', ')].filter(Boolean).join(' · ');
}
