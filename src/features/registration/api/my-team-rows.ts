// A team of the signed-in player's as get-my-tournaments.ts reads it, checked with zod. A module of
// its own: My Tournaments fetches it (and zod) beside its request, not in its first download.
import { z } from '@/lib/zod';
import { TOURNAMENT_TYPES } from '@/lib/tournament';

// The Data API's answer is checked against this shape: computed fields (phase, waitlist_position,
// captain_username) are not in the generated types.
export const teamRow = z.object({
  id: z.string(),
  team_name: z.string().nullable(),
  status: z.enum(['registered', 'waitlisted']),
  registered_by: z.string(),
  registered_at: z.string(),
  checked_in_at: z.string().nullable(),
  waitlist_position: z.number().nullable(),
  captain_username: z.string().nullable(),
  tournament: z.object({
    id: z.string(),
    name: z.string(),
    thumbnail_url: z.string().nullable(),
    type: z.enum(TOURNAMENT_TYPES),
    starts_at: z.string().nullable(),
    phase: z.string(),
    checkin_opens: z.string().nullable(),
    checkin_closes: z.string().nullable(),
  }),
  players: z.array(
    z.object({
      slot: z.number(),
      player_id: z.string(),
      in_game_name: z.string(),
      user_id: z.string().nullable(),
      confirmed_at: z.string().nullable(),
      accepted_at: z.string().nullable(),
      /** Who claims the place's ID: the captain reads it (and administrators), others get null. */
      linked_username: z.string().nullable(),
    }),
  ),
});

export const teamRows = z.array(teamRow);

export type TeamRow = z.infer<typeof teamRow>;
