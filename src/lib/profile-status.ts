// The signed-in player's own username and player ID: whether they still have to choose a player ID
// (an account made by Discord starts without one, and registering asks for it first: the completion
// step), and what the registration form fills in for them.
import { useQuery } from '@tanstack/react-query';

export const profileStatusKey = (userId: string | undefined) => ['profile-status', userId] as const;

export type OwnPlayer = { username: string; gameId: string | null };

export async function ownPlayer(userId: string): Promise<OwnPlayer | null> {
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase
    .from('profiles')
    .select('username, game_id')
    .eq('id', userId)
    .maybeSingle()
    .throwOnError();
  return data ? { username: data.username, gameId: data.game_id } : null;
}

export async function playerIdMissing(userId: string): Promise<boolean> {
  return !(await ownPlayer(userId))?.gameId;
}

/** The player's profile; `known` is false while signed out or still asking, and after a failed read. */
export function useOwnPlayer(userId: string | undefined): { own: OwnPlayer | null; known: boolean; failed: boolean } {
  const status = useQuery({
    queryKey: profileStatusKey(userId),
    queryFn: () => ownPlayer(userId!),
    enabled: !!userId,
  });
  return { own: status.data ?? null, known: status.data !== undefined, failed: status.isError };
}
