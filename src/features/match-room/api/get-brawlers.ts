// The Brawl Stars roster the draft offers (public.brawlers(), from supabase/data/brawlers.json): read
// once, it only changes with a release of the site.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { matchRoomKeys } from '@/features/match-room/api/query-keys';

export type Brawler = { id: string; name: string; rarity: string; class: string };

export async function getBrawlers(): Promise<Brawler[]> {
  const { data } = await supabase.rpc('brawlers').throwOnError();
  return data ?? [];
}

export function useBrawlers() {
  return useQuery({ queryKey: matchRoomKeys.brawlers, queryFn: getBrawlers, staleTime: Infinity });
}
