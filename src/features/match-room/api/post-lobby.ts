// The host captain posts the friendly-room code or invite link (public.post_lobby): 3 to 200
// characters without spaces, as the database checks.
import { z } from '@/lib/zod';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useRoomAction } from '@/features/match-room/api/room-action';

export const lobbyCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(3, 'The room code or invite link is 3 to 200 characters, without spaces.')
    .max(200, 'The room code or invite link is 3 to 200 characters, without spaces.')
    .regex(/^\S+$/, 'The room code or invite link is 3 to 200 characters, without spaces.'),
});
export type LobbyCodeInput = z.infer<typeof lobbyCodeSchema>;

export async function postLobby(matchId: string, code: string): Promise<void> {
  unwrap(await supabase.rpc('post_lobby', { p_match_id: matchId, p_code: code }));
}

export function usePostLobby(matchId: string) {
  return useRoomAction(matchId, (input: LobbyCodeInput) => postLobby(matchId, input.code));
}
