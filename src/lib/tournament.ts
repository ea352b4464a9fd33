// A tournament as the app reads it from public.tournaments: the generated row type, and one schema
// for the player's list and the admin grid to check rows that arrive over Realtime.
import { z } from '@/lib/zod';
import type { Tables } from '@/types/database';

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

/**
 * The generated row; `type` is narrowed by the table's check constraint. `discord_link` reads null for
 * everyone (the invite is write-only there); `discord_invite`, a computed field, has it for the
 * tournament's registered players and administrators when a query selects it.
 */
export type Tournament = Tables<'tournaments'> & { type: TournamentType; discord_invite?: string | null };
