// A tournament's roster for the administrator: every team with its players, its status (registered
// or waitlisted, with its place in line), check-in and seed. Live: any change to this tournament's
// teams (a registration, a withdrawal, a promotion from the waitlist, a check-in) re-reads the list.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import type { Tables } from '@/types/database';
import { adminKeys } from './query-keys';

type TeamRow = Pick<
  Tables<'teams'>,
  'id' | 'team_name' | 'registered_at' | 'registered_by' | 'status' | 'checked_in_at' | 'seed' | 'promoted_at'
> & {
  /** Computed field public.waitlist_position: 1 is next in line; null when registered. */
  waitlist_position: number | null;
  team_players: Pick<Tables<'team_players'>, 'slot' | 'player_id' | 'in_game_name'>[];
};

export async function getTeams(tournamentId: string) {
  const { data } = await supabase
    .from('teams')
    .select(
      'id, team_name, registered_at, registered_by, status, checked_in_at, seed, promoted_at, waitlist_position, team_players(slot, player_id, in_game_name)',
    )
    .eq('tournament_id', tournamentId)
    .order('registered_at', { ascending: true })
    .order('id', { ascending: true })
    .throwOnError();
  // The generated types do not know the computed waitlist_position, hence the double cast.
  return (data as unknown as TeamRow[]).map((team) => ({
    ...team,
    team_players: [...team.team_players].sort((a, b) => a.slot - b.slot),
  }));
}

export type Team = Awaited<ReturnType<typeof getTeams>>[number];

/** The name the admin sees: the team name, or the solo player's in-game name for 1v1. */
export function teamDisplayName(team: Pick<Team, 'team_name' | 'team_players'>): string {
  return team.team_name?.trim() || team.team_players[0]?.in_game_name || 'Unnamed team';
}

/** Registered teams in registration order, the waitlist in its order (as the database promotes it). */
export function rosterOf(teams: Team[]) {
  const registered = teams.filter((t) => t.status === 'registered');
  const waitlisted = teams
    .filter((t) => t.status === 'waitlisted')
    .sort((a, b) => (a.waitlist_position ?? 0) - (b.waitlist_position ?? 0));
  return { registered, waitlisted, checkedIn: registered.filter((t) => t.checked_in_at !== null) };
}

export function useTeams(tournamentId: string) {
  const key = adminKeys.teams(tournamentId);
  const query = useQuery({ queryKey: key, queryFn: () => getTeams(tournamentId) });
  const live = useRealtime('teams', key, { filter: `tournament_id=eq.${tournamentId}` });
  return { ...query, live };
}
