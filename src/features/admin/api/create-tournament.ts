// Creates a tournament. The schema is the admin form's and the call's; it mirrors the table's
// constraints (https links or a /banners/ path, slots above zero, one of the three types, the prize's
// and rules' limits) and the schedule trigger's order of times.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import { TOURNAMENT_TYPES, type Tournament } from '@/lib/tournament';
import { charLength, visibleOnly } from '@/lib/text-rules';
import { checkSchedule, pickerToIso } from './tournament-schedule';

// The same patterns as the table's check constraints.
const HTTPS_URL = /^https:\/\/[^\s/]+\S*$/;
// A path is / and then neither / nor \ (browsers read /\host as //host, a link to another host).
const THUMBNAIL_URL = /^(https:\/\/[^\s/]+\S*|\/[^/\\\s]\S*)$/;

export const PLAYER_ID_RULES = ['seed', 'brawl_stars'] as const;
export const PLAYER_ID_RULE_LABELS: Record<(typeof PLAYER_ID_RULES)[number], string> = {
  seed: '9 letters or digits (#ABC123XYZ)',
  brawl_stars: 'Brawl Stars tags (3 to 14 of 0289PYLQGRJCUV)',
};
export const FORMATS = ['single_elimination', 'double_elimination', 'round_robin', 'swiss'] as const;
export const FORMAT_LABELS: Record<(typeof FORMATS)[number], string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
  swiss: 'Swiss',
};
/** Swiss: the top cut's sizes ('' for none) and brackets (tournaments.top_cut, top_cut_format). */
export const TOP_CUTS = ['', '2', '4', '8', '16', '32', '64'] as const;
export const TOP_CUT_FORMATS = ['single_elimination', 'double_elimination'] as const;

/** Swiss settings belong to Swiss tournaments only (tournaments_swiss_settings): cleared for the others. */
export function withSwissSettings<T extends { format?: string; swiss_rounds?: number | null; top_cut?: number | null }>(
  values: T,
): T {
  return values.format === undefined || values.format === 'swiss'
    ? values
    : { ...values, swiss_rounds: null, top_cut: null };
}
export const BEST_OF = ['1', '3', '5'] as const;

/** A picker's local time (or nothing) -> an instant or null, as the table stores it. */
const pickedTime = z
  .string()
  .nullable()
  .default(null)
  .transform((v) => pickerToIso(v));

/** The fields without the rules that join them (the edit schema leaves the name out of these). */
export const tournamentFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Tournament name is required.')
    .min(3, 'Tournament name must be at least 3 characters.')
    .max(80, 'Tournament name must be 80 characters or fewer.'),
  description: z
    .string()
    .trim()
    .min(1, 'Description is required.')
    .max(1000, 'Description must be 1000 characters or fewer.'),
  thumbnail_url: z
    .string()
    .trim()
    .min(1, 'Thumbnail URL is required.')
    .max(2048, 'Thumbnail URL is too long.')
    .regex(THUMBNAIL_URL, 'Thumbnail URL must be an https:// link or a site path such as /banners/brawlcup.svg.'),
  slots: z
    .number({ message: 'Slots must be a whole number.' })
    .int('Slots must be a whole number.')
    .min(1, 'Slots must be at least 1.')
    .max(10000, 'Slots must be 10000 or fewer.'),
  discord_link: z
    .string()
    .trim()
    .min(1, 'Discord link is required.')
    .max(2048, 'Discord link is too long.')
    .regex(HTTPS_URL, 'Discord link must be an https:// link.'),
  type: z.enum(TOURNAMENT_TYPES, { message: 'Choose 1v1, 2v2 or 3v3.' }),
  starts_at: pickedTime,
  registration_closes_at: pickedTime,
  checkin_opens_at: pickedTime,
  checkin_closes_at: pickedTime,
  // The same rules as tournaments_prize_rules: trimmed, visible characters, 1 to 120 of them; empty is none.
  prize: z
    .string()
    .default('')
    .transform((v) => v.trim())
    .refine(visibleOnly, 'Prize cannot contain invisible characters.')
    .refine((v) => charLength(v) <= 120, 'Prize must be 120 characters or fewer.')
    .transform((v) => v || null),
  rules: z
    .string()
    .default('')
    .refine((v) => charLength(v) <= 5000, 'Rules must be 5000 characters or fewer.')
    .transform((v) => (v.trim() ? v : null)),
  format: z.enum(FORMATS, { message: 'Choose a format.' }).default('single_elimination'),
  best_of: z
    .enum(BEST_OF, { message: 'Choose best of 1, 3 or 5.' })
    .default('1')
    .transform((v) => Number(v)),
  // Swiss: rounds (empty: ceil(log2 teams) at the start), the top cut and its bracket.
  swiss_rounds: z
    .string()
    .default('')
    .transform((v) => (v.trim() === '' ? null : Number(v)))
    .refine(
      (v) => v === null || (Number.isInteger(v) && v >= 1 && v <= 20),
      'Rounds are a whole number from 1 to 20 (empty: enough for the teams).',
    ),
  top_cut: z
    .enum(TOP_CUTS, { message: 'Choose a top cut.' })
    .default('')
    .transform((v) => (v ? Number(v) : null)),
  top_cut_format: z.enum(TOP_CUT_FORMATS, { message: 'Choose the top cut’s bracket.' }).default('single_elimination'),
  // The seed's 9 characters, or the game's real tags (tournaments.player_id_rule).
  player_id_rule: z.enum(PLAYER_ID_RULES, { message: 'Choose which player IDs to accept.' }).default('seed'),
});

export const tournamentFormSchema = tournamentFieldsSchema.superRefine(checkSchedule());

export type TournamentFormInput = z.input<typeof tournamentFormSchema>;
export type TournamentFormValues = z.output<typeof tournamentFormSchema>;

export const emptyTournament: TournamentFormInput = {
  name: '',
  description: '',
  thumbnail_url: '/banners/brawlcup.svg',
  slots: 16,
  discord_link: '',
  type: '1v1',
  starts_at: null,
  registration_closes_at: null,
  checkin_opens_at: null,
  checkin_closes_at: null,
  prize: '',
  rules: '',
  format: 'single_elimination',
  best_of: '1',
  swiss_rounds: '',
  top_cut: '',
  top_cut_format: 'single_elimination',
  player_id_rule: 'seed',
};

/** Creates from the form's parsed values (the resolver ran tournamentFormSchema); the table checks again. */
export async function createTournament(values: TournamentFormValues): Promise<Tournament> {
  const { data } = await supabase
    .from('tournaments')
    .insert(withSwissSettings(values))
    .select()
    .single()
    .throwOnError();
  // `type` is one of TOURNAMENT_TYPES by the table's check constraint.
  return data as Tournament;
}

export function useCreateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTournament,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allTournamentsKey }),
  });
}
