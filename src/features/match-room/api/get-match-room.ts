// One match's room, read together under one key: the match with its state, round and host side,
// its tournament, both teams with their players' in-game names, which side the viewer captains, the
// lobby (RLS: the two teams and the staff only), the draft and every choice the viewer may see (a
// blind ban of the other team stays out until both are in). Live: a change to any of them re-reads it.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';
import type { Tables } from '@/types/database';
import { matchRoomKeys } from '@/features/match-room/api/query-keys';

export type RoomMatch = Tables<'matches'> & {
  state: 'waiting_for_opponent' | 'ready' | 'awaiting_confirmation' | 'disputed' | 'done';
  round_label: string;
  /** Which side's captain posts the room code (public.lobby_host). */
  lobby_host: 1 | 2;
};
export type RoomTeam = { id: string; name: string; inGameNames: string[] };
export type DraftSettings = {
  kind: 'maps' | 'full';
  map_pool: { mode: string | null; map: string }[];
  map_draft: boolean;
  global_bans: number;
  game_bans: number;
  pick_order: string;
  step_seconds: number;
};
export type MatchDraft = Omit<Tables<'match_drafts'>, 'settings'> & { settings: DraftSettings };

export type MatchRoom = {
  match: RoomMatch;
  tournament: Pick<Tables<'tournaments'>, 'id' | 'name' | 'type'> | null;
  teams: Map<string, RoomTeam>;
  /** The side (1 or 2) whose captain the viewer is, or null. */
  mySide: 1 | 2 | null;
  /** The viewer is on one of the two teams (captain or player). */
  member: boolean;
  lobby: Tables<'match_lobbies'> | null;
  draft: MatchDraft | null;
  actions: Tables<'draft_actions'>[];
  roundDraft: Tables<'round_drafts'> | null;
};

export async function getMatchRoom(matchId: string, userId: string | null): Promise<MatchRoom | null> {
  const { data } = await supabase
    .from('matches')
    .select('*, state, round_label, lobby_host')
    .eq('id', matchId)
    .maybeSingle()
    .throwOnError();
  // state, round_label and lobby_host are computed fields, which the generated types do not know.
  const match = data as unknown as RoomMatch | null;
  if (!match) return null;
  const sideIds = [match.team1_id, match.team2_id].filter((id): id is string => id !== null);
  const [tournament, teams, mine, lobby, draft, actions, roundDraft] = await Promise.all([
    supabase.from('tournaments').select('id, name, type').eq('id', match.tournament_id).maybeSingle().throwOnError(),
    supabase.rpc('tournament_teams', { p_tournament_id: match.tournament_id }).throwOnError(),
    // RLS shows a player only their own teams: what comes back is the viewer's side, if any.
    userId
      ? supabase.from('teams').select('id, registered_by').in('id', sideIds).throwOnError()
      : Promise.resolve({ data: [] as { id: string; registered_by: string }[] }),
    supabase.from('match_lobbies').select('*').eq('match_id', matchId).maybeSingle().throwOnError(),
    supabase.from('match_drafts').select('*').eq('match_id', matchId).maybeSingle().throwOnError(),
    supabase.from('draft_actions').select('*').eq('match_id', matchId).order('step').order('side').throwOnError(),
    supabase
      .from('round_drafts')
      .select('*')
      .eq('tournament_id', match.tournament_id)
      .eq('bracket', match.bracket)
      .eq('round', match.round)
      .maybeSingle()
      .throwOnError(),
  ]);
  const captainOf = (mine.data ?? []).find((t) => t.registered_by === userId)?.id;
  return {
    match,
    tournament: tournament.data,
    teams: new Map(
      (teams.data ?? [])
        .filter((t) => sideIds.includes(t.team_id))
        .map((t) => [
          t.team_id,
          {
            id: t.team_id,
            name: t.team_name?.trim() || t.in_game_names[0] || 'Unnamed team',
            inGameNames: t.in_game_names,
          },
        ]),
    ),
    mySide: captainOf ? (captainOf === match.team1_id ? 1 : 2) : null,
    member: userId !== null && (mine.data ?? []).some((t) => sideIds.includes(t.id)),
    lobby: lobby.data,
    draft: draft.data as MatchDraft | null,
    actions: actions.data ?? [],
    roundDraft: roundDraft.data,
  };
}

export function useMatchRoom(matchId: string, userId: string | null) {
  const key = matchRoomKeys.room(matchId);
  const query = useQuery({ queryKey: [...key, userId], queryFn: () => getMatchRoom(matchId, userId) });
  const filter = `match_id=eq.${matchId}`;
  const live = [
    useRealtime('matches', key, { filter: `id=eq.${matchId}`, prefix: true }),
    useRealtime('match_drafts', key, { filter, prefix: true }),
    useRealtime('draft_actions', key, { filter, prefix: true }),
    useRealtime('match_lobbies', key, { filter, prefix: true, enabled: userId !== null }),
  ];
  // The first channel that is down (or still joining) speaks for the page.
  return { ...query, live: live.find((l) => l.status !== 'joined') ?? live[0]! };
}
