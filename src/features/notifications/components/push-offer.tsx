// Offers web push where it matters (after registering, My Tournaments, the notifications page): one
// button that asks the browser's permission and subscribes, or says why push is not available.
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { errorMessage } from '@/lib/errors';
import { usePushState, useSetPush } from '@/features/notifications/api/push-subscription';

export function PushOffer({ compact = false }: { compact?: boolean }) {
  const state = usePushState();
  const setPush = useSetPush();
  if (state.data === undefined || state.data === 'unsupported') return null;
  // Offered once: a browser that has push on says nothing more, except where it can be turned off.
  if (compact && state.data === 'on') return null;
  return (
    <Paper withBorder p="sm" radius="md" bg="dark.7" aria-label="Push notifications">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
          <IconBellRinging size={20} aria-hidden />
          <Text size="sm">
            {state.data === 'on'
              ? 'Push notifications are on in this browser.'
              : state.data === 'denied'
                ? 'This browser blocks notifications from BrawlCup: allow them in its site settings.'
                : 'Get a notification on this device when check-in opens and your match is ready.'}
          </Text>
        </Group>
        {state.data !== 'denied' && (
          <Button
            size="xs"
            variant={state.data === 'on' ? 'default' : 'filled'}
            loading={setPush.isPending}
            onClick={() => setPush.mutate(state.data !== 'on')}
          >
            {state.data === 'on' ? 'Turn off push' : 'Turn on push notifications'}
          </Button>
        )}
      </Group>
      {setPush.error && (
        <Text mt="xs" c="red.4" role="alert">
          {errorMessage(setPush.error)}
        </Text>
      )}
    </Paper>
  );
}
