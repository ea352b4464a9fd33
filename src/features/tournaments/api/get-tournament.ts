// One tournament as its public page shows it: every column anyone may read, the phase and the
// effective check-in and registration times (computed fields), read again every minute so the phase
// follows the clock, and live through Realtime (a change to the row re-reads the whole page).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import { tournamentKeys } from './query-keys';
import { checkInClosed, isTournamentId, type Tournament } from '@/lib/tournament';

const COLUMNS =
  'id, name, description, thumbnail_url, slots, type, registered_teams, waitlisted_teams, starts_at, prize, rules, ' +
  'format, best_of, cancelled_at, checkin_settled_at, phase, checkin_opens, checkin_closes, registration_closes, ' +
  'current_round, podium';

export type PageTournament = Pick<
  Tournament,
  | 'id'
  | 'name'
  | 'description'
  | 'thumbnail_url'
  | 'slots'
  | 'type'
  | 'registered_teams'
  | 'waitlisted_teams'
  | 'starts_at'
  | 'prize'
  | 'rules'
  | 'format'
  | 'best_of'
  | 'cancelled_at'
  | 'checkin_settled_at'
> & {
  phase: string;
  checkin_opens: string | null;
  checkin_closes: string | null;
  registration_closes: string | null;
  /** The round being played while it runs; the top three places once it is over. */
  current_round: string | null;
  podium: { placement: number; name: string }[] | null;
};

/** The tournament, or null when the id is malformed or no tournament has it. */
export async function getTournament(id: string): Promise<PageTournament | null> {
  if (!isTournamentId(id)) return null;
  const { data } = await supabase.from('tournaments').select(COLUMNS).eq('id', id).maybeSingle().throwOnError();
  // phase and the check-in times are computed fields, which the generated types do not know.
  const tournament = data as unknown as PageTournament | null;
  if (tournament && checkInToSettle(tournament, new Date())) {
    // Check-in has closed: the database gives no-shows' places to checked-in waitlisted teams (once,
    // whoever asks first), so the page shows the roster as it now stands. No scheduler needed.
    await supabase.rpc('settle_check_in', { p_tournament_id: tournament.id }).throwOnError();
    return getTournament(id);
  }
  return tournament;
}

/** Check-in closed and not yet settled (settle_check_in's own condition, checked first to save a call). */
export function checkInToSettle(t: PageTournament, now: Date): boolean {
  return !t.checkin_settled_at && !t.cancelled_at && t.starts_at !== null && checkInClosed(t, now.getTime());
}

export function tournamentQuery(id: string) {
  return queryOptions({ queryKey: tournamentKeys.details(id), queryFn: () => getTournament(id) });
}

export function useTournament(id: string) {
  const query = useQuery({ ...tournamentQuery(id), refetchInterval: 60_000 });
  const valid = isTournamentId(id);
  // The row carries the slot and waitlist counts, so every registration or withdrawal changes it.
  const live = useRealtime('tournaments', tournamentKeys.page(id), {
    filter: `id=eq.${id}`,
    prefix: true,
    enabled: valid,
  });
  return { ...query, live };
}
