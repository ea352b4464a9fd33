// The notifications page's list: newest first, unread ones marked; following one marks it read and
// goes where its action is (a match opens in its dialog on the tournament's page). Live: a new one
// appears as it is written.
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/errors';
import { useNotifications, type Notification } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationsRead } from '@/features/notifications/api/mark-notifications-read';
import { LoadingSpinner } from '@/components/ui/loading-screen';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.read_at === null;
  return (
    <Paper withBorder p="sm" radius="md" bg={unread ? 'dark.6' : 'dark.8'} component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={item.link} onClick={() => onOpen(item)} fw={unread ? 800 : 600} c="inherit">
            {item.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {item.body}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={item.created_at}>{timeFormat.format(new Date(item.created_at))}</time>
          </Text>
        </Stack>
        {unread && (
          <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
            New
          </Badge>
        )}
      </Group>
    </Paper>
  );
}

export function NotificationList({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationsRead(userId);
  const items = notifications.data ?? [];
  const unread = items.filter((n) => n.read_at === null).length;
  const open = (item: Notification) => {
    if (item.read_at === null) markRead.mutate([item.id]);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Notifications
        </Title>
        <Button
          variant="default"
          size="xs"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          Mark all read
        </Button>
      </Group>
      {markRead.error && (
        <Text c="red.4" role="alert">
          {errorMessage(markRead.error)}
        </Text>
      )}
      {notifications.error ? (
        <Text c="red.4" role="alert">
          {errorMessage(notifications.error)}
        </Text>
      ) : notifications.isPending ? (
        <LoadingSpinner label="Loading your notifications" />
      ) : items.length === 0 ? (
        <Text c="dimmed">Nothing yet: you hear here when your registration, check-in or next match needs you.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label="Your notifications">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onOpen={open} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
