// The teams registered for one tournament, with their players, for the admin team list. Live: any
// registration for this tournament re-reads the list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { errorMessage, unwrap } from '@/lib/errors';

export const teamSchema = z.object({
  id: z.string(),
  team_name: z.string().nullable(),
  registered_at: z.string().nullable(),
  registered_by: z.string().nullable().optional(),
  team_players: z
    .array(z.object({ slot: z.coerce.number().int(), player_id: z.string(), in_game_name: z.string() }))
    .nullable()
    .transform((players) => [...(players ?? [])].sort((a, b) => a.slot - b.slot)),
});

export type Team = z.infer<typeof teamSchema>;

/** The name the admin sees: the team name, or the solo player's in-game name for 1v1. */
export function teamDisplayName(team: Team): string {
  return team.team_name?.trim() || team.team_players[0]?.in_game_name || 'Unnamed team';
}

export async function getTeams(tournamentId: string): Promise<Team[]> {
  const rows = unwrap(
    await supabase
      .from('teams')
      .select('id, team_name, registered_at, registered_by, team_players(slot, player_id, in_game_name)')
      .eq('tournament_id', tournamentId)
      .order('registered_at', { ascending: true }),
  ) as unknown[];
  return rows.map((row) => teamSchema.parse(row));
}

export function useTeams(tournamentId: string) {
  const [teams, setTeams] = useState<Team[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const request = useRef(0);

  const refetch = useCallback(async () => {
    const id = ++request.current;
    try {
      const list = await getTeams(tournamentId);
      if (id !== request.current) return;
      setTeams(list);
      setError(null);
    } catch (e) {
      if (id === request.current) setError(errorMessage(e));
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, [tournamentId]);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void refetch();
    const channel = supabase
      .channel(`admin-teams-${tournamentId}-${Math.random().toString(36).slice(2)}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'teams', filter: `tournament_id=eq.${tournamentId}` },
        () => {
          if (active) void refetch();
        },
      )
      .subscribe();
    return () => {
      active = false;
      void supabase.removeChannel(channel);
    };
  }, [refetch, tournamentId, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { teams, loading, error, retry };
}
