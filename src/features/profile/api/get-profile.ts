// Reading the signed-in player's profile row.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'username' | 'game_id' | 'game_id_verified_at'>;

export const profileKey = (userId: string | undefined) => ['profile', userId] as const;

export async function getProfile(userId: string): Promise<Profile> {
  const { data } = await supabase
    .from('profiles')
    .select('id, email, username, game_id, game_id_verified_at')
    .eq('id', userId)
    .single()
    .throwOnError();
  return data;
}

export function useProfile(userId: string | undefined) {
  return useQuery({ queryKey: profileKey(userId), queryFn: () => getProfile(userId!), enabled: !!userId });
}
