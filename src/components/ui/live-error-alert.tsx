// The red banner a live view shows when its Realtime subscription fails, with a Reconnect button.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

export function LiveErrorAlert({ message, onReconnect }: { message: string | null; onReconnect: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconWifiOff size={18} aria-hidden />}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        <Button size="compact-xs" color="red" variant="subtle" onClick={onReconnect}>
          Reconnect
        </Button>
      </Group>
    </Alert>
  );
}
