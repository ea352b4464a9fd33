// Forgot password: mails a recovery link that lands on /reset-password.
import { z } from '@/lib/zod';
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
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw toAppError(error);
}
