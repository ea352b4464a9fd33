// Reading the signed-in player's profile row.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { profileKeys } from './query-keys';

export type Profile = Pick<Tables<'profiles'>, 'id' | 'email' | 'username' | 'game_id' | 'game_id_verified_at'>;

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
  return useQuery({ queryKey: profileKeys.profile(userId), queryFn: () => getProfile(userId!), enabled: !!userId });
}
