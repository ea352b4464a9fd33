// One tournament for the administrator's screens of it (its roster, bracket and edit form): every
// column, the Discord invite, and what the database computes from them (the phase, when check-in
// closes). Live: a change to the row re-reads it, so the computed fields stay the database's.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import { isTournamentId, type Tournament } from '@/lib/tournament';
import { adminKeys } from './query-keys';

export type AdminTournament = Tournament & {
  /** public.phase at the moment of the query. */
  phase: string;
  /** public.checkin_closes: its own time, or the start; null without a start. */
  checkin_closes: string | null;
};

/** The tournament, or null when the id is malformed or no tournament has it. */
export async function getTournament(id: string): Promise<AdminTournament | null> {
  if (!isTournamentId(id)) return null;
  const { data } = await supabase
    .from('tournaments')
    .select('*, phase, checkin_closes, discord_invite')
    .eq('id', id)
    .maybeSingle()
    .throwOnError();
  // `type` is one of TOURNAMENT_TYPES by the table's check constraint; the rest are computed fields.
  return data as unknown as AdminTournament | null;
}

export function useTournament(id: string) {
  const key = adminKeys.tournament(id);
  const query = useQuery({ queryKey: key, queryFn: () => getTournament(id) });
  const live = useRealtime('tournaments', key, { filter: `id=eq.${id}`, enabled: isTournamentId(id) });
  return { ...query, live };
}
