// A tournament's bracket for its public page: the tournament's format and progress, every match with
// its computed state, the public field of teams (names and in-game names) and the standings, read
// together under one key. Live: any change to this tournament's matches re-reads it.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import type { Tables } from '@/types/database';
import { bracketKeys } from '@/features/bracket/api/query-keys';

export type MatchState = 'waiting_for_opponent' | 'ready' | 'awaiting_confirmation' | 'disputed' | 'done';
/** A match with its computed state (public.state) and round name (public.round_label: "Semi-final"). */
export type Match = Tables<'matches'> & { state: MatchState; round_label: string };
export type BracketTeam = { id: string; name: string; inGameNames: string[] };
export type Standing = {
  teamId: string;
  group: number;
  placement: number;
  wins: number;
  losses: number;
  gameDifference: number;
  /** The seed recorded at the start: round robin's last tiebreak. */
  seed: number | null;
};
/** A Swiss team's line (public.swiss_standings): rank, record and Buchholz (its opponents' wins). */
export type SwissStanding = {
  teamId: string;
  rank: number;
  wins: number;
  losses: number;
  byes: number;
  buchholz: number;
  gameDifference: number;
};
export type BracketTournament = Pick<
  Tables<'tournaments'>,
  'id' | 'name' | 'type' | 'format' | 'best_of' | 'started_at' | 'completed_at' | 'cancelled_at'
>;

export type Bracket = {
  tournament: BracketTournament | null;
  matches: Match[];
  teams: Map<string, BracketTeam>;
  standings: Standing[];
  /** Swiss only (empty for the other formats). */
  swiss: SwissStanding[];
};

export async function getBracket(tournamentId: string): Promise<Bracket> {
  const [tournament, matches, teams, standings, swiss] = await Promise.all([
    supabase
      .from('tournaments')
      .select('id, name, type, format, best_of, started_at, completed_at, cancelled_at')
      .eq('id', tournamentId)
      .maybeSingle()
      .throwOnError(),
    supabase
      .from('matches')
      .select('*, state, round_label')
      .eq('tournament_id', tournamentId)
      .order('bracket')
      .order('group_number')
      .order('round')
      .order('position')
      .throwOnError(),
    supabase.rpc('tournament_teams', { p_tournament_id: tournamentId }).throwOnError(),
    supabase.rpc('standings', { p_tournament_id: tournamentId }).throwOnError(),
    supabase.rpc('swiss_standings', { p_tournament_id: tournamentId }).throwOnError(),
  ]);
  return {
    tournament: tournament.data,
    // `state` and `round_label` are computed fields the generated types do not know.
    matches: (matches.data ?? []) as unknown as Match[],
    teams: new Map(
      (teams.data ?? []).map((t) => [
        t.team_id,
        {
          id: t.team_id,
          // A 1v1 entry has no team name: its player's in-game name stands for it.
          name: t.team_name?.trim() || t.in_game_names[0] || 'Unnamed team',
          inGameNames: t.in_game_names,
        },
      ]),
    ),
    standings: (standings.data ?? []).map((s) => ({
      teamId: s.team_id,
      group: s.group_number,
      placement: s.placement,
      wins: s.wins,
      losses: s.losses,
      gameDifference: s.game_difference,
      seed: s.seed,
    })),
    swiss: (swiss.data ?? []).map((s) => ({
      teamId: s.team_id,
      rank: s.rank,
      wins: s.wins,
      losses: s.losses,
      byes: s.byes,
      buchholz: s.buchholz,
      gameDifference: s.game_difference,
    })),
  };
}

export function useBracket(tournamentId: string) {
  const key = bracketKeys.bracket(tournamentId);
  const query = useQuery({ queryKey: key, queryFn: () => getBracket(tournamentId) });
  const live = useRealtime('matches', key, { filter: `tournament_id=eq.${tournamentId}` });
  return { ...query, live };
}
