// Every tournament for the admin grid, kept live: any change to the tournaments table (this admin's,
// another admin's, or a registration moving registered_teams) re-reads the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { tournamentSchema, type Tournament, TOURNAMENT_COLUMNS } from '@/lib/tournament';
import { supabase } from '@/lib/supabase';
import { errorMessage, unwrap } from '@/lib/errors';

export { TOURNAMENT_TYPES, type TournamentType } from '@/lib/tournament';

/** The admin grid shows every column of the shared tournament shape. */
export const adminTournamentSchema = tournamentSchema;
export type AdminTournament = Tournament;

export async function getAdminTournaments(): Promise<AdminTournament[]> {
  const rows = unwrap(
    await supabase
      .from('tournaments')
      .select(TOURNAMENT_COLUMNS)
      .order('created_at', { ascending: false }),
  ) as unknown[];
  return rows.map((row) => adminTournamentSchema.parse(row));
}

export function useAdminTournaments() {
  const [tournaments, setTournaments] = useState<AdminTournament[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);

  const refetch = useCallback(async () => {
    const id = ++request.current;
    try {
      const list = await getAdminTournaments();
      if (id !== request.current) return;
      setTournaments(list);
      setError(null);
    } catch (e) {
      if (id === request.current) setError(errorMessage(e));
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void refetch();
    const channel = supabase
      .channel(`admin-tournaments-${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'tournaments' }, () => {
        if (active) void refetch();
      })
      .subscribe((status) => {
        if (!active) return;
        if (status === 'SUBSCRIBED') setLiveError(null);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') setLiveError('Error loading tournament data');
      });
    return () => {
      active = false;
      void supabase.removeChannel(channel);
    };
  }, [refetch, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { tournaments, loading, error, liveError, refetch, retry };
}
