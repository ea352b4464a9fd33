// Creates a tournament. The schema is the admin form's and the call's; it mirrors the table's
// constraints (https links or a /banners/ path, slots above zero, one of the three types).
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { useMutation } from '@/lib/use-mutation';
import { AppError, toAppError, unwrap } from '@/lib/errors';
import { TOURNAMENT_TYPES, adminTournamentSchema, type AdminTournament } from './get-tournaments';

export const DUPLICATE_NAME_MESSAGE = 'A tournament with this name already exists.';

// The same patterns as the table's check constraints.
const HTTPS_URL = /^https:\/\/[^\s/]+\S*$/;
// A path is / and then neither / nor \ (browsers read /\host as //host, a link to another host).
const THUMBNAIL_URL = /^(https:\/\/[^\s/]+\S*|\/[^/\\\s]\S*)$/;

export const tournamentFormSchema = z.object({
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
});

export type TournamentFormInput = z.input<typeof tournamentFormSchema>;
export type TournamentFormValues = z.output<typeof tournamentFormSchema>;

export const emptyTournament: TournamentFormInput = {
  name: '',
  description: '',
  thumbnail_url: '/banners/brawlcup.svg',
  slots: 16,
  discord_link: '',
  type: '1v1',
};

/** A unique-name clash reads as what it is, not as a generic "already exists". */
export function tournamentError(error: unknown): AppError {
  const e = toAppError(error);
  if (e.code === '23505') return new AppError(DUPLICATE_NAME_MESSAGE, { status: 409, cause: error });
  return e;
}

export async function createTournament(input: TournamentFormInput): Promise<AdminTournament> {
  const parsed = tournamentFormSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message ?? 'Check the form.');
  try {
    const row = unwrap(await supabase.from('tournaments').insert(parsed.data).select().single());
    return adminTournamentSchema.parse(row);
  } catch (e) {
    throw tournamentError(e);
  }
}

export function useCreateTournament() {
  return useMutation(createTournament);
}
