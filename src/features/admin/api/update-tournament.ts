// Edits a tournament. The name is its identity and stays as it is, so the edit schema is the create
// schema without it.
import { supabase } from '@/lib/supabase';
import { useMutation } from '@/lib/use-mutation';
import { AppError, unwrap } from '@/lib/errors';
import { adminTournamentSchema, type AdminTournament } from './get-tournaments';
import { tournamentError, tournamentFormSchema } from './create-tournament';
import type { z } from 'zod';

export const updateTournamentSchema = tournamentFormSchema.omit({ name: true });

export const TYPE_LOCKED_MESSAGE = 'The type cannot change while teams are registered.';

/** The edit form's rules for this tournament: its registered teams were entered with its type. */
export function editTournamentSchema(current: Pick<AdminTournament, 'type' | 'registered_teams'>) {
  return updateTournamentSchema.refine((v) => v.type === current.type || current.registered_teams === 0, {
    path: ['type'],
    message: TYPE_LOCKED_MESSAGE,
  });
}
export type UpdateTournamentInput = z.input<typeof updateTournamentSchema>;

export async function updateTournament(id: string, input: UpdateTournamentInput): Promise<AdminTournament> {
  const parsed = updateTournamentSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.message ?? 'Check the form.');
  try {
    const row = unwrap(await supabase.from('tournaments').update(parsed.data).eq('id', id).select().single());
    return adminTournamentSchema.parse(row);
  } catch (e) {
    throw tournamentError(e);
  }
}

export function useUpdateTournament() {
  return useMutation(updateTournament);
}
