// The signed-in player's own match in a started tournament (public.my_next_match): the round, the
// opponent and their in-game names, best-of, modes and maps, and what the player can do; or, once
// they are out or the tournament is over, their place. Live: any change to the tournament's matches.
import { z } from '@/lib/zod';
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import { tournamentPageKey } from './get-tournament';

const nextMatchSchema = z.object({
  status: z.enum(['match', 'waiting', 'eliminated', 'completed']),
  team_name: z.string().nullable(),
  round_label: z.string().nullable(),
  opponent_team_name: z.string().nullable(),
  opponent_in_game_names: z.array(z.string()).nullable(),
  best_of: z.number().nullable(),
  maps: z.array(z.object({ mode: z.string().nullable().optional(), map: z.string().nullable().optional() })).nullable(),
  state: z.string().nullable(),
  can_report: z.boolean(),
  can_confirm: z.boolean(),
  placement: z.number().nullable(),
});

export type NextMatch = z.infer<typeof nextMatchSchema>;

/** The player's row for this tournament, or null when they have no team in its bracket. */
export async function getNextMatch(tournamentId: string): Promise<NextMatch | null> {
  const { data } = await supabase.rpc('my_next_match', { p_tournament_id: tournamentId }).throwOnError();
  const rows = z.array(nextMatchSchema).parse(data ?? []);
  return rows[0] ?? null;
}

export function useNextMatch(tournamentId: string, enabled: boolean) {
  const key = [...tournamentPageKey(tournamentId), 'next-match'] as const;
  const query = useQuery({ queryKey: key, queryFn: () => getNextMatch(tournamentId), enabled });
  useRealtime('matches', key, { filter: `tournament_id=eq.${tournamentId}`, enabled });
  return query;
}

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}
