// The signed-in person's own team in one tournament, as its captain or as a player the captain entered:
// its status, waitlist place and check-in. One query for every screen that asks (the tournament's
// page, its bracket), under the page's key, so the page's writes and live changes re-read it. RLS
// shows a player only their teams (an administrator every team, hence the pick by account below).
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useAuth } from '@/lib/auth';
import { tournamentPageKey } from '@/lib/tournament-keys';

export type MyTeam = {
  id: string;
  status: 'registered' | 'waitlisted';
  checked_in_at: string | null;
  registered_by: string;
  waitlist_position: number | null;
  /** True when the person registered the team (only the captain checks in, withdraws and reports). */
  captain: boolean;
};

type Row = Omit<MyTeam, 'captain'> & { team_players: { user_id: string | null }[] };

export const myTeamKey = (tournamentId: string, userId: string | null) =>
  [...tournamentPageKey(tournamentId), 'mine', userId] as const;

export async function getMyTeam(tournamentId: string, userId: string): Promise<MyTeam | null> {
  const { data } = await supabase
    .from('teams')
    .select('id, status, checked_in_at, registered_by, waitlist_position, team_players(user_id)')
    .eq('tournament_id', tournamentId)
    .throwOnError();
  // waitlist_position is a computed field, which the generated types do not know.
  const rows = (data ?? []) as unknown as Row[];
  const mine =
    rows.find((t) => t.registered_by === userId) ?? rows.find((t) => t.team_players.some((p) => p.user_id === userId));
  if (!mine) return null;
  const { team_players: _players, ...team } = mine;
  return { ...team, captain: team.registered_by === userId };
}

/** The team, or null when the person has none in the tournament; no data while signed out. */
export function useMyTeam(tournamentId: string) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: myTeamKey(tournamentId, userId),
    queryFn: () => getMyTeam(tournamentId, userId!),
    enabled: !!userId,
  });
}
