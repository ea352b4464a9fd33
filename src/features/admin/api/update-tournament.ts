// Edits a tournament. The name is its identity and stays as it is, so the edit schema is the create
// schema without it.
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import type { Tournament } from '@/lib/tournament';
import { tournamentFieldsSchema, withSwissSettings } from './create-tournament';
import { checkSchedule, SCHEDULE_FIELDS, type Schedule } from './tournament-schedule';
import { tournamentTypeFixed } from '@/lib/database-errors';

export const updateTournamentSchema = tournamentFieldsSchema.omit({ name: true });
export type UpdateTournamentValues = z.output<typeof updateTournamentSchema>;

export const TYPE_LOCKED_MESSAGE = tournamentTypeFixed.message;

/**
 * The edit form's rules for this tournament: its registered teams were entered with its type, and its
 * saved start may have passed already (the database checks the start only when it changes).
 */
export function editTournamentSchema(current: Pick<Tournament, 'type' | 'registered_teams' | 'starts_at'>) {
  return updateTournamentSchema
    .refine((v) => v.type === current.type || current.registered_teams === 0, {
      path: ['type'],
      message: TYPE_LOCKED_MESSAGE,
    })
    .superRefine(checkSchedule(current.starts_at));
}

/**
 * The changes to send: every field but the times the admin left as they were. A time sent back
 * unchanged would overwrite another admin's change made meanwhile, and the picker drops the
 * database's sub-second part, which would read as a new start.
 */
export function changesFrom(current: Schedule, values: UpdateTournamentValues): Partial<UpdateTournamentValues> {
  const changes: Partial<UpdateTournamentValues> = { ...values };
  for (const field of SCHEDULE_FIELDS) {
    const before = current[field] ? Math.floor(new Date(current[field]).getTime() / 60_000) : null;
    const after = values[field] ? Math.floor(new Date(values[field]).getTime() / 60_000) : null;
    if (before === after) delete changes[field];
  }
  return changes;
}

/** Saves the form's parsed values (the resolver ran updateTournamentSchema); the table checks again. */
export async function updateTournament({
  id,
  values,
}: {
  id: string;
  values: Partial<UpdateTournamentValues>;
}): Promise<Tournament> {
  const { data } = await supabase
    .from('tournaments')
    .update(withSwissSettings(values))
    .eq('id', id)
    .select()
    .single()
    .throwOnError();
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
