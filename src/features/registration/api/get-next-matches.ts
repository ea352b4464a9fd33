// The signed-in player's next match in each of their started tournaments (public.my_next_match with
// no tournament): the round, the opponent, best-of, modes and maps, and whether to report or confirm;
// or their place once out or over. Live: any change to those tournaments' matches re-reads it.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { loadNextMatchRows, type NextMatch } from '@/lib/next-match';
import { useRealtime } from '@/lib/use-realtime';
import { registrationKeys } from './query-keys';

/** Each started tournament's row, by tournament id. */
export async function getNextMatches(): Promise<Map<string, NextMatch>> {
  const schema = loadNextMatchRows();
  const { data } = await supabase.rpc('my_next_match').throwOnError();
  const rows = (await schema).parse(data ?? []);
  return new Map(rows.map((row) => [row.tournament_id, row]));
}

/** `tournamentIds`: the player's started tournaments, whose matches are listened to. */
export function useNextMatches(userId: string | undefined, tournamentIds: string[]) {
  const key = registrationKeys.nextMatches(userId);
  const enabled = !!userId && tournamentIds.length > 0;
  const query = useQuery({ queryKey: key, queryFn: getNextMatches, enabled });
  const ids = [...new Set(tournamentIds)].sort();
  const live = useRealtime('matches', key, { enabled, filter: `tournament_id=in.(${ids.join(',')})` });
  return { ...query, live };
}
