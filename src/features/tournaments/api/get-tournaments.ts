// Reads every tournament for the home list and keeps it live through Supabase Realtime: rows that an
// admin creates, edits or deletes, and the registered_teams count the database keeps, arrive without
// a reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOURNAMENT_COLUMNS, tournamentSchema, type Tournament } from '@/lib/tournament';
import { supabase } from '@/lib/supabase';
import { toAppError, unwrap, type AppError } from '@/lib/errors';

export { TOURNAMENT_TYPES, TOURNAMENT_COLUMNS, tournamentSchema, type Tournament, type TournamentType } from '@/lib/tournament';

/** Shown when the live subscription fails (spec section 8). */
export const LIVE_ERROR_MESSAGE = 'Error loading tournament data';

export async function getTournaments(): Promise<Tournament[]> {
  const rows = unwrap(
    await supabase.from('tournaments').select(TOURNAMENT_COLUMNS).order('created_at', { ascending: false }),
  ) as unknown[];
  return rows.map((row) => tournamentSchema.parse(row));
}

/** Newest first, like the initial query. */
function sortTournaments(list: Tournament[]): Tournament[] {
  return [...list].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
}

export function applyTournamentChange(
  list: Tournament[],
  change: { eventType: string; new?: unknown; old?: unknown },
): Tournament[] {
  if (change.eventType === 'DELETE') {
    const id = (change.old as { id?: string } | undefined)?.id;
    return id ? list.filter((t) => t.id !== id) : list;
  }
  const parsed = tournamentSchema.safeParse(change.new);
  if (!parsed.success) return list;
  const next = parsed.data;
  const exists = list.some((t) => t.id === next.id);
  return sortTournaments(exists ? list.map((t) => (t.id === next.id ? { ...t, ...next } : t)) : [...list, next]);
}

export type TournamentsState = {
  tournaments: Tournament[];
  loading: boolean;
  error: AppError | null;
  /** The live subscription failed (CHANNEL_ERROR / TIMED_OUT); the list may be stale. */
  liveError: string | null;
  retry: () => void;
};

export function useTournaments(): TournamentsState {
  const [tournaments, setTournaments] = useState<Tournament[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<AppError | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(false);

  const load = useCallback(async (quiet: boolean) => {
    if (!quiet) setLoading(true);
    try {
      const list = await getTournaments();
      setTournaments(list);
      setError(null);
      loaded.current = true;
    } catch (e) {
      if (!quiet) setError(toAppError(e));
    } finally {
      if (!quiet) setLoading(false);
    }
  }, []);

  useEffect(() => {
    let active = true;
    loaded.current = false;
    void load(false);
    const channel = supabase
      .channel(`tournaments-live-${Math.random().toString(36).slice(2)}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'tournaments' }, (payload) => {
        if (active) setTournaments((list) => applyTournamentChange(list, payload));
      })
      .subscribe((status) => {
        if (!active) return;
        if (status === 'SUBSCRIBED') {
          setLiveError(null);
          // Close the gap between the first read and the subscription going live.
          if (loaded.current) void load(true);
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          setLiveError(LIVE_ERROR_MESSAGE);
        }
      });
    return () => {
      active = false;
      void supabase.removeChannel(channel);
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { tournaments, loading, error, liveError, retry };
}
