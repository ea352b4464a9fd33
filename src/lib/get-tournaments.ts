// Every tournament, newest first, for the player's grid on /home and the admin grid (one query, one
// cache key), each with the signed-in person's own team embedded: RLS shows a player only their own
// teams and the filter below narrows an admin's to their own, so `my_team` answers "am I registered".
// Realtime changes to the tournaments table update the cached list in place. `discord_invite` is the
// Discord link for those it is for (registered players, administrators), null for everyone else.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useAuth } from '@/lib/auth';
import { useRealtime, type TableChange } from '@/lib/use-realtime';
import { isTournamentRow, type Tournament } from '@/lib/tournament';
import { tournamentsKey } from '@/lib/tournament-keys';

export type TournamentWithMyTeam = Tournament & {
  /** The caller's own registration for this tournament (empty when none, or signed out). */
  my_team: { id: string }[];
  /** The computed phase at the moment of the query (absent on a row that arrived over Realtime first). */
  phase?: string | null;
  /** The winning team's name (the player's in-game name in 1v1) once the tournament is completed. */
  champion?: string | null;
  /** The round being played while it runs ("Semi-final"). */
  current_round?: string | null;
  /** The top three places once it is completed. */
  podium?: Podium | null;
};

/** public.podium(): the first three places, a shared place once per team. */
export type Podium = { placement: number; name: string }[];

export async function getTournaments(userId: string | null): Promise<TournamentWithMyTeam[]> {
  const newestFirst = { ascending: false } as const;
  if (!userId) {
    // Visitors may not read teams at all.
    const { data } = await supabase
      .from('tournaments')
      .select('*, phase, champion, current_round, podium')
      .order('created_at', newestFirst)
      .throwOnError();
    // The generated types do not know computed fields such as `phase`, hence the double cast.
    return (data as unknown as Tournament[]).map((t) => ({ ...t, my_team: [] }));
  }
  const { data } = await supabase
    .from('tournaments')
    .select('*, phase, champion, current_round, podium, discord_invite, my_team:teams!teams_tournament_id_fkey(id)')
    .eq('my_team.registered_by', userId)
    .order('created_at', newestFirst)
    .throwOnError();
  // `type` is one of TOURNAMENT_TYPES by the table's check constraint; `phase` is a computed field.
  return data as unknown as TournamentWithMyTeam[];
}

/** A Realtime change applied to the cached list; the caller's own team is kept as it was. */
export function applyTournamentChange(
  list: TournamentWithMyTeam[],
  change: TableChange<'tournaments'>,
): TournamentWithMyTeam[] {
  if (change.eventType === 'DELETE') return list.filter((t) => t.id !== change.old.id);
  // The payload comes off the socket: check it has a tournament's shape before it reaches a card.
  if (!isTournamentRow(change.new)) return list;
  const row = change.new as Tournament;
  const existing = list.find((t) => t.id === row.id);
  const next = existing
    ? list.map((t) => (t.id === row.id ? { ...t, ...row } : t))
    : [...list, { ...row, my_team: [] }];
  return next.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The list as `userId` reads it (null: a visitor), for the screen and for the server's render of /home. */
export function tournamentsQuery(userId: string | null) {
  return queryOptions({ queryKey: tournamentsKey(userId), queryFn: () => getTournaments(userId) });
}

/** The tournaments and their live state. */
export function useTournaments() {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    ...tournamentsQuery(userId),
    enabled: !loading,
    // A page the server rendered shows the visitor's list (the server never knows who is signed in)
    // until the player's own, with their registrations, arrives: the cards stay, their marks follow.
    // Only a visitor's list stands in: it holds nothing of anyone's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === null ? previous : undefined),
  });
  const live = useRealtime('tournaments', tournamentsKey(userId), { apply: applyTournamentChange, enabled: !loading });
  return { ...query, live };
}
