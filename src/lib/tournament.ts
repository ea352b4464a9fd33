// A tournament as the app reads it from public.tournaments: one schema for the player's list and the
// admin grid, so both parse rows the same way.
import { z } from 'zod';

export const TOURNAMENT_TYPES = ['1v1', '2v2', '3v3'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

export const tournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().catch(null),
  thumbnail_url: z.string().nullable().catch(null),
  slots: z.coerce.number().int(),
  discord_link: z.string().nullable().catch(null),
  type: z.enum(TOURNAMENT_TYPES),
  registered_teams: z.coerce.number().int().catch(0),
  created_at: z.string().nullable().optional(),
});

export type Tournament = z.infer<typeof tournamentSchema>;

export const TOURNAMENT_COLUMNS = 'id, name, description, thumbnail_url, slots, discord_link, type, registered_teams, created_at';
