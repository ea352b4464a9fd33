// Saving the editable part of a profile: username and game ID (the owner's only writable columns).
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { AppError, unwrap } from '@/lib/errors';
import { gameIdSchema, usernameSchema } from '@/lib/player-rules';
import type { Profile } from '@/features/profile/api/get-profile';

export const PROFILE_SAVED = 'Profile updated successfully';

export const updateProfileSchema = z.object({
  username: usernameSchema,
  gameId: gameIdSchema,
});

export type UpdateProfileFields = z.input<typeof updateProfileSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

export async function updateProfile(userId: string, input: UpdateProfileInput): Promise<Profile> {
  const rows = unwrap(
    await supabase
      .from('profiles')
      .update({ username: input.username, game_id: input.gameId })
      .eq('id', userId)
      .select('id, email, username, game_id'),
  ) as Profile[] | null;
  // RLS filters instead of raising: no row back means the update did not happen.
  if (!rows || rows.length === 0) throw new AppError('Your profile could not be saved. Please sign in again.', { userFacing: true });
  return rows[0]!;
}
