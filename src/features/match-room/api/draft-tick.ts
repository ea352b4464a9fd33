// At a step's deadline any viewer asks the database to apply it (public.draft_tick): a random legal
// choice for the side that ran out. Nothing happens when it is not due; the page then asks again.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';

export async function draftTick(matchId: string): Promise<number> {
  return unwrap(await supabase.rpc('draft_tick', { p_match_id: matchId })) ?? 0;
}
