// The teams the signed-in player is on, as captain (they registered it) or as a player entered with
// their own player ID, each with its tournament's schedule and phase, every place of the team, the
// waitlist position and the Discord link. Live: teams, team_players and tournaments changes re-read it.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useRealtime, type LiveStatus } from '@/lib/use-realtime';
import { rosterClosed } from '@/lib/tournament';
import type { TeamRow } from './my-team-rows';
import { registrationKeys } from './query-keys';

const TEAM_SIZE = { '1v1': 1, '2v2': 2, '3v3': 3 } as const;

const SELECT =
  'id, team_name, status, registered_by, registered_at, checked_in_at, waitlist_position, captain_username, ' +
  'tournament:tournaments!teams_tournament_id_fkey(id, name, thumbnail_url, type, starts_at, phase, checkin_opens, checkin_closes), ' +
  'players:team_players(slot, player_id, in_game_name, user_id, confirmed_at, accepted_at, linked_username)';

/**
 * A teammate's state as the page names it: confirmed (a member), waiting (invited, not yet confirmed),
 * to accept (confirmed, the captain has not accepted the account that claims the ID yet).
 */
export type PlaceState = 'confirmed' | 'waiting' | 'to accept' | 'left' | 'no account' | 'not shown';

export type Place = {
  slot: number;
  state: PlaceState;
  /** Absent when the place was left. */
  player?: { player_id: string; in_game_name: string; mine: boolean };
  /** For the captain: the account that claims the ID and waits to be accepted (or turned away). */
  claimedBy?: string;
};

export type MyRegistration = Omit<TeamRow, 'players'> & {
  /** Every place of the team in slot order, including the empty ones. */
  places: Place[];
  isCaptain: boolean;
  /** The place entered with my player ID, when I am on the team as a player. */
  myPlace: Place | null;
  discordLink: string | null;
  /** Running: started, or its start time has come (the phase in_progress), until it is completed. */
  live: boolean;
  /** Completed or cancelled. */
  past: boolean;
  /** Check-in has closed or the tournament has started: no one may change the team (private.roster_closed). */
  rosterClosed: boolean;
};

const PAST_PHASES = ['completed', 'cancelled'];

function toMyRegistration(row: TeamRow, userId: string, discordLink: string | null, now: Date): MyRegistration {
  const { players, ...team } = row;
  // Invited and not yet confirmed, a player reads only their own place (RLS): the others are not shown.
  // Not accepted by the captain yet, the same.
  const invited =
    row.registered_by !== userId && players.some((x) => x.user_id === userId && !(x.confirmed_at && x.accepted_at));
  const places: Place[] = Array.from({ length: TEAM_SIZE[row.tournament.type] }, (_, i) => {
    const p = players.find((x) => x.slot === i + 1);
    if (!p) return { slot: i + 1, state: invited ? 'not shown' : 'left' };
    const state: PlaceState = !p.user_id
      ? 'no account'
      : !p.confirmed_at
        ? 'waiting'
        : p.accepted_at
          ? 'confirmed'
          : 'to accept';
    return {
      slot: i + 1,
      state,
      player: { player_id: p.player_id, in_game_name: p.in_game_name, mine: p.user_id === userId },
      ...(p.user_id && !p.accepted_at && p.linked_username ? { claimedBy: p.linked_username } : {}),
    };
  });
  return {
    ...team,
    places,
    isCaptain: row.registered_by === userId,
    myPlace: places.find((p) => p.player?.mine && row.registered_by !== userId) ?? null,
    discordLink,
    live: row.tournament.phase === 'in_progress',
    past: PAST_PHASES.includes(row.tournament.phase),
    rosterClosed: rosterClosed(row.tournament, now.getTime()),
  };
}

/** Running ones first, then upcoming by start time (to be announced last), then past ones, latest first. */
export function sortMyRegistrations(teams: MyRegistration[]): {
  live: MyRegistration[];
  upcoming: MyRegistration[];
  past: MyRegistration[];
} {
  const time = (t: MyRegistration) => (t.tournament.starts_at ? new Date(t.tournament.starts_at).getTime() : Infinity);
  return {
    live: teams.filter((t) => t.live).sort((a, b) => time(a) - time(b)),
    upcoming: teams.filter((t) => !t.live && !t.past).sort((a, b) => time(a) - time(b)),
    past: teams.filter((t) => t.past).sort((a, b) => time(b) - time(a)),
  };
}

export async function getMyTournaments(userId: string): Promise<MyRegistration[]> {
  // Teams I was entered in by my player ID; RLS lets me read them, the filter keeps an admin's own.
  // The answer's shape (my-team-rows.ts, with zod) is fetched beside the request.
  const schema = import('./my-team-rows').then((m) => m.teamRows);
  const { data: entered } = await supabase.from('team_players').select('team_id').eq('user_id', userId).throwOnError();
  const ids = entered.map((p) => p.team_id);
  let query = supabase.from('teams').select(SELECT);
  query = ids.length
    ? query.or(`registered_by.eq.${userId},id.in.(${ids.join(',')})`)
    : query.eq('registered_by', userId);
  const { data } = await query.throwOnError();
  const rows = (await schema).parse(data);
  // The link is for registered players only; discord_link() says null to everyone else.
  const links = await Promise.all(
    rows.map(async (row) => {
      if (row.status !== 'registered') return null;
      const { data: link } = await supabase.rpc('discord_link', { p_tournament_id: row.tournament.id }).throwOnError();
      return link;
    }),
  );
  const now = new Date();
  return rows.map((row, i) => toMyRegistration(row, userId, links[i] ?? null, now));
}

/** Joined once every channel that is listening has joined. */
function combined(...channels: { status: LiveStatus; listening: boolean }[]): LiveStatus {
  const active = channels.filter((c) => c.listening).map((c) => c.status);
  if (active.includes('error')) return 'error';
  return active.every((s) => s === 'joined') ? 'joined' : 'joining';
}

export function useMyTournaments(userId: string | undefined) {
  const key = registrationKeys.myTeams(userId);
  const query = useQuery({
    queryKey: key,
    queryFn: () => getMyTournaments(userId!),
    enabled: !!userId,
    // The phase follows the clock (check-in opens and closes with no change to any row): read again each minute.
    refetchInterval: 60_000,
  });
  const enabled = !!userId;
  // Any change the player may see re-reads the list: a teammate confirming, leaving or being named
  // (team_players), check-in, promotions and withdrawals ahead in the waitlist (teams), the schedule
  // and phase (tournaments).
  const teams = useRealtime('teams', key, { enabled });
  const players = useRealtime('team_players', key, { enabled });
  // Only my tournaments: every registration anywhere changes some tournament's counters.
  const ids = [...new Set((query.data ?? []).map((t) => t.tournament.id))].sort();
  const tournaments = useRealtime('tournaments', key, {
    enabled: enabled && ids.length > 0,
    filter: `id=in.(${ids.join(',')})`,
  });
  const live = {
    status: combined(
      { status: teams.status, listening: enabled },
      { status: players.status, listening: enabled },
      { status: tournaments.status, listening: enabled && ids.length > 0 },
    ),
    error: teams.error ?? players.error ?? tournaments.error,
    retry: () => {
      teams.retry();
      players.retry();
      tournaments.retry();
    },
  };
  return { ...query, live };
}
