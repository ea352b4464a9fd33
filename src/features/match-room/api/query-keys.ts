// Every cache key of the match room, in one place.
export const matchRoomKeys = {
  /** One match's room: the match, its teams, lobby, draft and choices (get-match-room.ts). */
  room: (matchId: string) => ['match-room', matchId] as const,
  /** The roster the draft offers (get-brawlers.ts): the same for every match. */
  brawlers: ['brawlers'] as const,
};
