// The signed-in user's latest notifications (RLS: their own only), newest first; kept live with the
// bell's count by useLiveNotifications (lib/notifications.ts).
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { notificationKeys, useLiveNotifications } from '@/lib/notifications';
import type { Tables } from '@/types/database';

export type Notification = Pick<
  Tables<'notifications'>,
  'id' | 'kind' | 'title' | 'body' | 'link' | 'created_at' | 'read_at' | 'tournament_id' | 'match_id'
>;

export const NOTIFICATIONS_SHOWN = 50;

export async function getNotifications(): Promise<Notification[]> {
  const rows = unwrap(
    await supabase
      .from('notifications')
      .select('id, kind, title, body, link, created_at, read_at, tournament_id, match_id')
      .order('created_at', { ascending: false })
      .order('id')
      .limit(NOTIFICATIONS_SHOWN),
  );
  return rows ?? [];
}

export function useNotifications(userId: string) {
  useLiveNotifications(userId);
  return useQuery({ queryKey: notificationKeys.list(userId), queryFn: getNotifications });
}
