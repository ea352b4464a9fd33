// Every tournament for the admin grid, kept live: any change to the tournaments table (this admin's,
// another admin's, or a registration moving registered_teams) re-reads the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { errorMessage, unwrap } from '@/lib/errors';

export const TOURNAMENT_TYPES = ['1v1', '2v2', '3v3'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

export const adminTournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().catch(null),
  thumbnail_url: z.string().nullable().catch(null),
  slots: z.coerce.number().int(),
  discord_link: z.string().nullable().catch(null),
  type: z.enum(TOURNAMENT_TYPES),
  registered_teams: z.coerce.number().int().catch(0),
  created_at: z.string().nullable().optional(),
});

export type AdminTournament = z.infer<typeof adminTournamentSchema>;

export async function getAdminTournaments(): Promise<AdminTournament[]> {
  const rows = unwrap(
    await supabase
      .from('tournaments')
      .select('id, name, description, thumbnail_url, slots, discord_link, type, registered_teams, created_at')
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
