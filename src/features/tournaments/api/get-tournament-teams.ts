// The public field of a tournament (tournament_teams()): team names, the players' in-game names,
// status, waitlist place and check-in. Never player IDs or accounts; visitors may read it too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { tournamentKeys } from './query-keys';
import type { Database } from '@/types/database';

export type FieldTeam = Database['public']['Functions']['tournament_teams']['Returns'][number];

export async function getTournamentTeams(id: string): Promise<FieldTeam[]> {
  const { data } = await supabase.rpc('tournament_teams', { p_tournament_id: id }).throwOnError();
  return data ?? [];
}

export function tournamentTeamsQuery(id: string) {
  return queryOptions({ queryKey: tournamentKeys.teams(id), queryFn: () => getTournamentTeams(id) });
}

export function useTournamentTeams(id: string, enabled: boolean) {
  return useQuery({ ...tournamentTeamsQuery(id), enabled });
}
