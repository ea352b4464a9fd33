// The signed-in player's own match in a started tournament (public.my_next_match): the round, the
// opponent and their in-game names, best-of, modes and maps, and what the player can do; or, once
// they are out or the tournament is over, their place. Live: any change to the tournament's matches.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import { loadNextMatchRows, type NextMatch } from '@/lib/next-match';
import { tournamentKeys } from './query-keys';

/** The player's row for this tournament, or null when they have no team in its bracket. */
export async function getNextMatch(tournamentId: string): Promise<NextMatch | null> {
  const schema = loadNextMatchRows();
  const { data } = await supabase.rpc('my_next_match', { p_tournament_id: tournamentId }).throwOnError();
  const rows = (await schema).parse(data ?? []);
  return rows[0] ?? null;
}

export function useNextMatch(tournamentId: string, enabled: boolean) {
  const key = tournamentKeys.nextMatch(tournamentId);
  const query = useQuery({ queryKey: key, queryFn: () => getNextMatch(tournamentId), enabled });
  useRealtime('matches', key, { filter: `tournament_id=eq.${tournamentId}`, enabled });
  return query;
}
