// Forgot password: mails a recovery link that lands on /reset-password.
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { toAppError } from '@/lib/errors';
import { paths } from '@/config/paths';

export const RESET_EMAIL_SENT = 'Password reset email sent. Please check your inbox.';

export const passwordResetSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: 'Email is required.' })
    .pipe(z.email({ message: 'Enter a valid email address.' })),
});

export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

export async function sendPasswordReset({ email }: PasswordResetInput): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw toAppError(error);
}
