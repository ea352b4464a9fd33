// The signed-in user's notifications as the header's bell sees them: the unread count, kept live over
// Realtime (each new or read row re-reads every query under the user's key, the notifications page's
// list included). Shared code: the header is in every signed-in screen, the page is a feature.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useAuth } from '@/lib/auth';

export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
};

async function getUnreadCount(): Promise<number> {
  const result = await supabase.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
  unwrap(result);
  return result.count ?? 0;
}

/**
 * Keeps every notification query of the user live: one channel on their rows; any change, and every
 * (re)join, re-reads them. Not lib/use-realtime: sharing it with the lazily loaded bell would split it
 * out of the chunk the tournament page loads first, which is at its size budget (bench/bundle).
 */
export function useLiveNotifications(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const reread = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) });
    const channel = supabase
      .channel(`notifications-${userId}-${Math.random().toString(36).slice(2)}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` },
        reread,
      )
      .subscribe((state) => state === 'SUBSCRIBED' && reread());
    return () => void supabase.removeChannel(channel);
  }, [queryClient, userId]);
}

export function useUnreadCount() {
  const { user } = useAuth();
  const userId = user?.id;
  useLiveNotifications(userId);
  return useQuery({
    queryKey: notificationKeys.unread(userId ?? ''),
    queryFn: getUnreadCount,
    enabled: !!userId,
  });
}
