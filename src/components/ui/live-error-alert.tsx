// The red banner of a live view that is not current: its Realtime channel is down or a re-read
// failed. It offers Try again, and the view drops it by itself once the data is back.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';

export function LiveErrorAlert({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconWifiOff size={18} aria-hidden />}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-xs"
          color="red"
          variant="subtle"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
