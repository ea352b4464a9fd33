// An administrator or co-organiser adds a player to a tournament's staff by username
// (public.add_tournament_staff); adding someone already there changes their role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { supabase } from '@/lib/supabase';
import { adminKeys } from './query-keys';

export const addStaffSchema = z.object({
  username: z.string().trim().min(1, 'Enter the player’s username.'),
  role: z.enum(['co_organiser', 'moderator']),
});
export type AddStaffInput = z.infer<typeof addStaffSchema>;

export async function addStaff(tournamentId: string, input: AddStaffInput): Promise<void> {
  await supabase
    .rpc('add_tournament_staff', { p_tournament_id: tournamentId, p_username: input.username, p_role: input.role })
    .throwOnError();
}

export function useAddStaff(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffInput) => addStaff(tournamentId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.staff(tournamentId) }),
  });
}
