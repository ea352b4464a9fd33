// Edits a tournament. The name is its identity and stays as it is, so the edit schema is the create
// schema without it.
import { supabase } from '@/lib/supabase';
import { useMutation } from '@/lib/use-mutation';
import { AppError, unwrap } from '@/lib/errors';
import { adminTournamentSchema, type AdminTournament } from './get-tournaments';
import { tournamentError, tournamentFormSchema } from './create-tournament';
import type { z } from 'zod';

export const updateTournamentSchema = tournamentFormSchema.omit({ name: true });
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
