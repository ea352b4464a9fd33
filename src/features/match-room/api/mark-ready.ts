// A captain marks their team ready in the lobby (public.mark_ready); both ready starts the draft.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useRoomAction } from '@/features/match-room/api/room-action';

export async function markReady(matchId: string, ready: boolean): Promise<void> {
  unwrap(await supabase.rpc('mark_ready', { p_match_id: matchId, p_ready: ready }));
}

export function useMarkReady(matchId: string) {
  return useRoomAction(matchId, (ready: boolean) => markReady(matchId, ready));
}
