// Whether the signed-in player still has to choose a username and player ID: an account made by
// Discord starts without a player ID, and registering asks for it first (the completion step).
import { useQuery } from '@tanstack/react-query';

export const profileStatusKey = (userId: string | undefined) => ['profile-status', userId] as const;

export async function playerIdMissing(userId: string): Promise<boolean> {
  const { supabase } = await import('@/lib/supabase');
  const { data } = await supabase.from('profiles').select('game_id').eq('id', userId).maybeSingle().throwOnError();
  return !data?.game_id;
}

/** undefined while unknown (signed out, or still asking). */
export function usePlayerIdMissing(userId: string | undefined): boolean | undefined {
  const status = useQuery({
    queryKey: profileStatusKey(userId),
    queryFn: () => playerIdMissing(userId!),
    enabled: !!userId,
  });
  return status.data;
}
