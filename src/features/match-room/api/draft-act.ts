// A captain's choice at the draft step they see (public.draft_act): the database refuses it out of
// turn, for a step already taken, or when the brawler or map is not available.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useRoomAction } from '@/features/match-room/api/room-action';

export async function draftAct(matchId: string, step: number, choice: string): Promise<void> {
  unwrap(await supabase.rpc('draft_act', { p_match_id: matchId, p_step: step, p_choice: choice }));
}

export function useDraftAct(matchId: string) {
  return useRoomAction(matchId, ({ step, choice }: { step: number; choice: string }) =>
    draftAct(matchId, step, choice),
  );
}
