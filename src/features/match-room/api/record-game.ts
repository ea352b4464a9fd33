// A captain records who won the game just drafted (public.record_game); the next game's draft opens.
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useRoomAction } from '@/features/match-room/api/room-action';

export async function recordGame(matchId: string, game: number, winner: 1 | 2): Promise<void> {
  unwrap(await supabase.rpc('record_game', { p_match_id: matchId, p_game: game, p_winner: winner }));
}

export function useRecordGame(matchId: string) {
  return useRoomAction(matchId, ({ game, winner }: { game: number; winner: 1 | 2 }) =>
    recordGame(matchId, game, winner),
  );
}
