// Saving the editable part of a profile: username and game ID (the owner's only writable columns).
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { assertGameIdAvailable } from '@/lib/game-id-available';
import { gameIdSchema, usernameSchema } from '@/lib/player-schemas';
import { profileStatusKey } from '@/lib/profile-status';
import type { Profile } from '@/features/profile/api/get-profile';
import { profileKeys } from '@/features/profile/api/query-keys';

export const PROFILE_SAVED = 'Profile updated successfully';

export const updateProfileSchema = z.object({
  username: usernameSchema,
  gameId: gameIdSchema,
});

export type UpdateProfileFields = z.input<typeof updateProfileSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

export async function updateProfile({
  userId,
  input,
}: {
  userId: string;
  input: UpdateProfileInput;
}): Promise<Profile> {
  // Asked first so the form says it at once; the profiles trigger raises the same words if raced.
  await assertGameIdAvailable(input.gameId);
  const { data } = await supabase
    .from('profiles')
    .update({ username: input.username, game_id: input.gameId })
    .eq('id', userId)
    .select('id, email, username, game_id, game_id_verified_at')
    .throwOnError();
  // RLS filters instead of raising: no row back means the update did not happen.
  if (!data[0]) throw new AppError('Your profile could not be saved. Please sign in again.', { userFacing: true });
  return data[0];
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.profile(saved.id), saved);
      queryClient.setQueryData(profileStatusKey(saved.id), { username: saved.username, gameId: saved.game_id });
    },
  });
}
