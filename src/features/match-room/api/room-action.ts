// What every action of the match room shares: the call, then the room read again whether it was
// refused or not (another captain may have taken the step: the page then shows what happened).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { matchRoomKeys } from '@/features/match-room/api/query-keys';

export function useRoomAction<V>(matchId: string, call: (variables: V) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchRoomKeys.room(matchId) }),
  });
}
