// Reading the signed-in player's profile row.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useQuery } from '@/lib/use-query';

export interface Profile {
  id: string;
  email: string;
  username: string;
  game_id: string | null;
}

export async function getProfile(userId: string): Promise<Profile> {
  return unwrap(
    await supabase.from('profiles').select('id, email, username, game_id').eq('id', userId).single(),
  ) as Profile;
}

export function useProfile(userId: string | undefined) {
  return useQuery(() => getProfile(userId!), [userId], !!userId);
}
