// Signing in with email and password, and where a person goes next.
import { z } from '@/lib/zod';
import type { User } from '@supabase/supabase-js';
import { isAdminUser } from '@/lib/auth';
import { errorMessage, toAppError } from '@/lib/errors';
import { paths } from '@/config/paths';

export const INCORRECT_CREDENTIALS = 'Incorrect credentials';

// The spec has no client-side required checks here; empty fields still cannot be sent.
export const signInSchema = z.object({
  email: z.string().trim().min(1, { message: 'Enter your email.' }),
  password: z.string().min(1, { message: 'Enter your password.' }),
});

export type SignInInput = z.infer<typeof signInSchema>;

export async function signIn(input: SignInInput): Promise<User> {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  const { data, error } = await supabase.auth.signInWithPassword(input);
  if (error) throw toAppError(error);
  return data.user;
}

/** "Incorrect credentials" for wrong email/password; a network, rate-limit or server failure says so. */
export function signInErrorMessage(error: unknown): string {
  const e = toAppError(error);
  if (e.network || e.status === 429 || (e.status ?? 0) >= 500 || e.code === 'email_not_confirmed')
    return errorMessage(e);
  return INCORRECT_CREDENTIALS;
}

/** Administrators to the dashboard, everyone else home, unless a guard sent them from somewhere. */
export function destinationAfterSignIn(user: User | null, from?: string): string {
  if (from && from !== paths.login) return from;
  return isAdminUser(user) ? paths.adminDashboard : paths.home;
}

export { safeNext, withNext } from '@/lib/safe-next';
