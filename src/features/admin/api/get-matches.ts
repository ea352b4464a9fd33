// A tournament's matches for the administrator (public.admin_matches: disputed first, then those
// awaiting confirmation, then bracket order), each with its computed state. Live: a captain's report,
// confirmation or dispute re-reads it through Realtime.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import type { Tables } from '@/types/database';
import { adminKeys } from './query-keys';

export const MATCH_STATES = ['waiting_for_opponent', 'ready', 'awaiting_confirmation', 'disputed', 'done'] as const;
export type MatchState = (typeof MATCH_STATES)[number];
export const MATCH_STATE_LABELS: Record<MatchState, string> = {
  waiting_for_opponent: 'Waiting for opponent',
  ready: 'Ready',
  awaiting_confirmation: 'Awaiting confirmation',
  disputed: 'Disputed',
  done: 'Done',
};

/** A match with its computed state (public.state) and round name (public.round_label: "Semi-final"). */
export type Match = Tables<'matches'> & { state: MatchState; round_label: string };

export async function getMatches(tournamentId: string): Promise<Match[]> {
  const { data } = await supabase
    .rpc('admin_matches', { p_tournament_id: tournamentId })
    .select('*, state, round_label')
    .throwOnError();
  // `state` and `round_label` are computed fields the generated types do not know.
  return data as unknown as Match[];
}

export function useMatches(tournamentId: string, enabled = true) {
  const key = adminKeys.matches(tournamentId);
  const query = useQuery({ queryKey: key, queryFn: () => getMatches(tournamentId), enabled });
  const live = useRealtime('matches', key, { filter: `tournament_id=eq.${tournamentId}`, enabled });
  return { ...query, live };
}
