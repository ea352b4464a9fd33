// Marks the user's notifications read: some by id, or all (null). The database refuses a row that is
// not theirs (BC802); the list and the bell re-read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { notificationKeys } from '@/lib/notifications';

export async function markNotificationsRead(ids: string[] | null): Promise<number> {
  return unwrap(await supabase.rpc('mark_notifications_read', { p_ids: ids ?? undefined })) ?? 0;
}

export function useMarkNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | null) => markNotificationsRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  });
}
