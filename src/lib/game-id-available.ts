// Whether a game ID is free for the signed-in person (or a visitor signing up) to claim: sign-up and
// the profile form ask before they save, so an ID owned by another account reads the database's own
// words at once. The database stays the authority (its profiles trigger raises the same rule).
import { AppError } from '@/lib/errors';
import { gameIdTaken } from '@/lib/database-errors';

export async function gameIdAvailable(gameId: string): Promise<boolean> {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase.rpc('game_id_available', { p_game_id: gameId }).throwOnError();
  return data;
}

/** The database's game_id_taken refusal, made here when the form's own check finds it first. */
export function gameIdTakenError(): AppError {
  return new AppError(gameIdTaken.message, { code: gameIdTaken.code, userFacing: true });
}

/** Throws gameIdTakenError() when another account owns `gameId`. */
export async function assertGameIdAvailable(gameId: string): Promise<void> {
  if (!(await gameIdAvailable(gameId))) throw gameIdTakenError();
}
