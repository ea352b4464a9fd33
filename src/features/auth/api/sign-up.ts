// Creating an account: the form's rules (the same as the database's: profiles checks and the auth
// service's minimum password length), the call, and what a failure says.
import { z } from '@/lib/zod';
import { errorMessage, toAppError } from '@/lib/errors';
import { assertGameIdAvailable, gameIdAvailable, gameIdTakenError } from '@/lib/game-id-available';
import { MIN_PASSWORD_LENGTH } from '@/lib/player-rules';
import { gameIdSchema, usernameSchema } from '@/lib/player-schemas';

export const signUpSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'Enter a valid email address.' })),
  username: usernameSchema,
  gameId: gameIdSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` }),
});

export type SignUpFields = z.input<typeof signUpSchema>;
export type SignUpInput = z.output<typeof signUpSchema>;

export async function signUp(input: SignUpInput) {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  await assertGameIdAvailable(input.gameId);
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: { data: { username: input.username, game_id: input.gameId } },
  });
  if (error) throw await signUpFailure(error, input.gameId);
  return data;
}

/**
 * Auth hides the database's reason behind a 500 (see below). When another account claimed the game ID
 * between the form's check and the sign-up, that is the reason: say it in the database's words.
 */
export async function signUpFailure(error: unknown, gameId: string): Promise<unknown> {
  // Kept as Auth's error: supabase-js reports the 500 as a retryable fetch error, which toAppError
  // would read as a network failure before signUpErrorMessage sees the status.
  // The local stack passes the profiles trigger's refusal on as validation_failed (Auth's code, not
  // the rule's): asked the same way, so the form knows the rule by its code either way.
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  const refused = status === 500 || code === 'validation_failed';
  if (refused && !(await gameIdAvailable(gameId).catch(() => true))) return gameIdTakenError();
  return error;
}

/**
 * Hosted Auth answers 500 "Database error saving new user" when the database refuses the account (the
 * profiles trigger) and keeps the reason to itself; the form has checked the details first, so this
 * is a rule the form does not know or a passing fault. The message must not depend on Auth's words.
 */
export const ACCOUNT_NOT_SAVED =
  'Your account could not be created with these details. Check your username and game ID, then try again.';

/** "User already exists" when that is the cause; otherwise the real reason (e.g. a weak password). */
export function signUpErrorMessage(error: unknown): string {
  // supabase-js reports Auth's 500 as a retryable fetch error with status 500, before any reading
  // of it as a network failure.
  if ((error as { status?: unknown } | null)?.status === 500) return ACCOUNT_NOT_SAVED;
  const e = toAppError(error);
  if (e.code === 'user_already_exists' || e.code === 'email_exists') return 'User already exists';
  return errorMessage(e);
}
