// One page of the leaderboard (public.leaderboard): players ranked across completed tournaments by
// the points of their placements. The points table below is the database's placement_points, for
// the page to explain; the page size is within the function's 1 to 100.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { leaderboardKeys } from './query-keys';

export type LeaderboardRow = Database['public']['Functions']['leaderboard']['Returns'][number];

export const LEADERBOARD_PAGE_SIZE = 25;

/** public.placement_points, place by place. */
export const PLACEMENT_POINTS: { place: string; points: number }[] = [
  { place: '1st', points: 10 },
  { place: '2nd', points: 7 },
  { place: '3rd-4th', points: 5 },
  { place: '5th-8th', points: 3 },
  { place: 'Any other place', points: 1 },
];

/** A page number from the address (?page=2): a whole number from 1, anything else is page 1. */
export const leaderboardPageSchema = z.coerce.number().int().min(1).catch(1);

export async function getLeaderboard(page: number): Promise<LeaderboardRow[]> {
  const { data } = await supabase
    .rpc('leaderboard', { p_limit: LEADERBOARD_PAGE_SIZE, p_offset: (page - 1) * LEADERBOARD_PAGE_SIZE })
    .throwOnError();
  return data ?? [];
}

export function useLeaderboard(page: number) {
  return useQuery({
    queryKey: leaderboardKeys.page(page),
    queryFn: () => getLeaderboard(page),
    placeholderData: keepPreviousData,
  });
}
