// Edits a tournament. The name is its identity and stays as it is, so the edit schema is the create
// schema without it.
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/get-tournaments';
import type { Tournament } from '@/lib/tournament';
import { tournamentFormSchema } from './create-tournament';

export const updateTournamentSchema = tournamentFormSchema.omit({ name: true });
export type UpdateTournamentValues = z.output<typeof updateTournamentSchema>;

export const TYPE_LOCKED_MESSAGE = 'The type cannot change while teams are registered.';

/** The edit form's rules for this tournament: its registered teams were entered with its type. */
export function editTournamentSchema(current: Pick<Tournament, 'type' | 'registered_teams'>) {
  return updateTournamentSchema.refine((v) => v.type === current.type || current.registered_teams === 0, {
    path: ['type'],
    message: TYPE_LOCKED_MESSAGE,
  });
}

/** Saves the form's parsed values (the resolver ran updateTournamentSchema); the table checks again. */
export async function updateTournament({
  id,
  values,
}: {
  id: string;
  values: UpdateTournamentValues;
}): Promise<Tournament> {
  const { data } = await supabase.from('tournaments').update(values).eq('id', id).select().single().throwOnError();
  // `type` is one of TOURNAMENT_TYPES by the table's check constraint.
  return data as Tournament;
}

export function useUpdateTournament() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTournament,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allTournamentsKey }),
  });
}
