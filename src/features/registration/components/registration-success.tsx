// What a card shows after a successful registration: a 5-second "Wait for the Discord Link" countdown
// that Skip Ad ends early, then the confirmation with the tournament's Discord invite.
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { CountdownRing } from '@/components/ui/countdown-ring';
import { JoinDiscord } from '@/components/ui/join-discord';

export const COUNTDOWN_SECONDS = 5;

export function RegistrationSuccess({ discordLink }: { discordLink: string | null }) {
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  const counting = seconds > 0;
  const panel = useRef<HTMLDivElement>(null);

  // The form (and Skip Ad) that had focus are gone: keyboard and screen-reader users land here.
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
  }, [counting]);

  useEffect(() => {
    if (!counting) return;
    const timer = setTimeout(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [counting, seconds]);

  if (counting) {
    return (
      <Paper ref={panel} tabIndex={-1} withBorder p="md" radius="md" bg="dark.7">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
            <CountdownRing value={seconds} total={COUNTDOWN_SECONDS} />
            <div role="status" aria-live="polite">
              <Text fw={700}>Wait for the Discord Link</Text>
              <Text size="sm" c="dimmed">
                {seconds} {seconds === 1 ? 'second' : 'seconds'}
              </Text>
            </div>
          </Group>
          <Button
            variant="default"
            size="xs"
            style={{ flexShrink: 0 }}
            onClick={() => setSeconds(0)}
            rightSection={<IconPlayerSkipForward size={14} aria-hidden />}
          >
            Skip Ad
          </Button>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper ref={panel} tabIndex={-1} withBorder p="md" radius="md" bg="dark.7" role="status">
      <Stack gap="xs" align="center" ta="center">
        <IconCircleCheck size={36} color="var(--mantine-color-green-5)" aria-hidden />
        <Text fw={800} size="lg">
          Team registered successfully
        </Text>
        <Text size="sm" c="dimmed">
          Join The Discord Server for Match Updates
        </Text>
        {discordLink && <JoinDiscord href={discordLink} />}
      </Stack>
    </Paper>
  );
}
