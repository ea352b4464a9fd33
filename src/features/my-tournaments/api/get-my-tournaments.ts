// The tournaments the signed-in player registered a team for, newest registration first.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useQuery } from '@/lib/use-query';

export interface MyTournament {
  id: string;
  team_name: string | null;
  registered_at: string;
  tournament: {
    id: string;
    name: string;
    description: string;
    thumbnail_url: string | null;
    type: '1v1' | '2v2' | '3v3';
    discord_link: string | null;
  } | null;
}

export async function getMyTournaments(userId: string): Promise<MyTournament[]> {
  const rows = unwrap(
    await supabase
      .from('teams')
      .select('id, team_name, registered_at, tournament:tournaments(id, name, description, thumbnail_url, type, discord_link)')
      .eq('registered_by', userId)
      .order('registered_at', { ascending: false }),
  ) as MyTournament[] | null;
  return rows ?? [];
}

export function useMyTournaments(userId: string | undefined) {
  return useQuery(() => getMyTournaments(userId!), [userId], !!userId);
}
