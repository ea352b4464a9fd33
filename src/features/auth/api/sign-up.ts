// Creating an account: the form's rules (the same as the database's: profiles checks and the auth
// service's minimum password length), the call, and what a failure says.
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { errorMessage, toAppError } from '@/lib/errors';
import { MIN_PASSWORD_LENGTH, gameIdSchema, usernameSchema } from '@/lib/player-rules';

export const signUpSchema = z.object({
  email: z.string().trim().pipe(z.email({ message: 'Enter a valid email address.' })),
  username: usernameSchema,
  gameId: gameIdSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` }),
});

export type SignUpFields = z.input<typeof signUpSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;

export async function signUp(input: SignUpInput) {
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { username: input.username, game_id: input.gameId } },
  });
  if (error) throw toAppError(error);
  return data;
}

/** "User already exists" when that is the cause; otherwise the real reason (e.g. a weak password). */
export function signUpErrorMessage(error: unknown): string {
  const e = toAppError(error);
  if (e.code === 'user_already_exists' || e.code === 'email_exists') return 'User already exists';
  return errorMessage(e);
}
