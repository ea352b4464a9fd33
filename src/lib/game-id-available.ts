// Whether a game ID is free for the signed-in person (or a visitor signing up) to claim: sign-up and
// the profile form ask before they save, so an ID owned by another account reads the database's own
// words at once. The database stays the authority (its profiles trigger raises the same message).
import { AppError } from '@/lib/errors';
import { GAME_ID_TAKEN_MESSAGE } from '@/lib/player-rules';

export async function gameIdAvailable(gameId: string): Promise<boolean> {
  // The client's code comes with the first call, not with the screen (bench/bundle).
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase.rpc('game_id_available', { p_game_id: gameId }).throwOnError();
  return data;
}

/** The error a form shows on its Game ID field when another account owns the ID. */
export function gameIdTakenError(): AppError {
  return new AppError(GAME_ID_TAKEN_MESSAGE, { code: 'game_id_taken', userFacing: true });
}

/** Throws gameIdTakenError() when another account owns `gameId`. */
export async function assertGameIdAvailable(gameId: string): Promise<void> {
  if (!(await gameIdAvailable(gameId))) throw gameIdTakenError();
}
