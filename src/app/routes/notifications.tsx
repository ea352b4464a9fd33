// /notifications: the signed-in user's notifications (the bell's page), push in this browser, and
// which events to hear of; for administrators, each tournament's Discord channel and failed deliveries.
import { Stack } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { PushOffer } from '@/features/notifications/components/push-offer';
import { PreferencesTable } from '@/features/notifications/components/preferences-table';
import { DiscordChannels } from '@/features/notifications/components/discord-channels';

export default function NotificationsRoute() {
  const { user, isAdmin } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="xl">
      <NotificationList userId={user.id} />
      <PushOffer />
      <PreferencesTable userId={user.id} />
      {isAdmin && <DiscordChannels />}
    </Stack>
  );
}
