// Setting a new password once the recovery link has signed the person in.
import { z } from '@/lib/zod';
import { toAppError } from '@/lib/errors';
import { MIN_PASSWORD_LENGTH } from '@/lib/player-rules';

export const PASSWORD_UPDATED = 'Your password has been updated.';

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` }),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'Passwords do not match.', path: ['confirm'] });

export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export async function updatePassword({ password }: NewPasswordInput): Promise<void> {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw toAppError(error);
}
