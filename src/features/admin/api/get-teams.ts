// The teams registered for one tournament, with their players, for the admin team list. Live: any
// registration for this tournament re-reads the list.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';

export const teamsKey = (tournamentId: string) => ['teams', tournamentId] as const;

export async function getTeams(tournamentId: string) {
  const { data } = await supabase
    .from('teams')
    .select('id, team_name, registered_at, registered_by, team_players(slot, player_id, in_game_name)')
    .eq('tournament_id', tournamentId)
    .order('registered_at', { ascending: true })
    .throwOnError();
  return data.map((team) => ({ ...team, team_players: [...team.team_players].sort((a, b) => a.slot - b.slot) }));
}

export type Team = Awaited<ReturnType<typeof getTeams>>[number];

/** The name the admin sees: the team name, or the solo player's in-game name for 1v1. */
export function teamDisplayName(team: Team): string {
  return team.team_name?.trim() || team.team_players[0]?.in_game_name || 'Unnamed team';
}

export function useTeams(tournamentId: string) {
  const key = teamsKey(tournamentId);
  const query = useQuery({ queryKey: key, queryFn: () => getTeams(tournamentId) });
  const live = useRealtime('teams', key, { filter: `tournament_id=eq.${tournamentId}` });
  return { ...query, live };
}
