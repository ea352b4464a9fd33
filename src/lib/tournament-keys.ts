// The cache keys of the tournament list, shared by every feature that reads or changes tournaments.
// A module of their own, without the list's query: a screen that only re-reads the list after a
// write (a withdrawal on a tournament's page) does not download the list's code.

/** One key per person: the list embeds the person's own team. */
export const tournamentsKey = (userId: string | null) => ['tournaments', userId] as const;

/** Every query of one tournament's page lives under this key; writes and live changes re-read it all. */
export const tournamentPageKey = (id: string) => ['tournaments', 'page', id] as const;

/** Every tournament view (every person's list, a tournament's page, an admin's screens) is under this key. */
export const allTournamentsKey = ['tournaments'] as const;
