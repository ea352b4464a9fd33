// public.my_next_match's rows as zod checks them (lib/next-match.ts has the words that go with them).
// A module of its own: the screens fetch it, and zod, beside the request, not in their first download.
import { z } from '@/lib/zod';

const nextMatchRow = z.object({
  tournament_id: z.string(),
  status: z.enum(['match', 'waiting', 'eliminated', 'completed']),
  /** The current match (status match): its dialog opens at paths.tournamentMatch, its room at paths.match. */
  match_id: z.string().nullable(),
  team_name: z.string().nullable(),
  round_label: z.string().nullable(),
  opponent_team_name: z.string().nullable(),
  opponent_in_game_names: z.array(z.string()).nullable(),
  best_of: z.number().nullable(),
  maps: z.array(z.object({ mode: z.string().nullable().optional(), map: z.string().nullable().optional() })).nullable(),
  state: z.string().nullable(),
  can_report: z.boolean(),
  can_confirm: z.boolean(),
  placement: z.number().nullable(),
  /** Why the other captain disputed the current match; it waits for an administrator. */
  dispute_comment: z.string().nullable(),
});

/** public.my_next_match's rows, checked. */
export const nextMatchRows = z.array(nextMatchRow);

export type NextMatch = z.infer<typeof nextMatchRow>;
