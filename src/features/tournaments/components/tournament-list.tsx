// The live tournament grid of /home: loading skeletons, the cards, an empty state and an error state
// with retry. Counts and admin edits arrive through Realtime without a reload.
import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTournament } from '@tabler/icons-react';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { useTournaments } from '../api/get-tournaments';
import { useMyRegistrations } from '../api/get-my-registrations';
import { TournamentCard } from './tournament-card';
import { TournamentCardSkeleton } from './tournament-card-skeleton';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

export function TournamentList() {
  const { tournaments, loading, error, liveError, retry } = useTournaments();
  const registrations = useMyRegistrations();

  let content;
  if (loading || registrations.loading) {
    content = (
      <Box role="status" aria-live="polite">
        <VisuallyHidden>Loading tournaments...</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {Array.from({ length: 3 }, (_, i) => (
            <TournamentCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      </Box>
    );
  } else if (error) {
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title="Could not load tournaments"
        icon={<IconAlertTriangle size={18} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" color="red" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={retry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (tournaments.length === 0) {
    content = (
      <Stack align="center" gap="xs" py={60} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="brand">
          <IconTournament size={34} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          No tournaments yet
        </Title>
        <Text c="dimmed" maw={380}>
          New tournaments appear here as soon as they are announced. Check back soon.
        </Text>
      </Stack>
    );
  } else {
    content = (
      // Top-aligned: a card that opens its form grows alone, its row neighbours keep their height.
      <SimpleGrid cols={GRID_COLS} spacing="lg" style={{ alignItems: 'start' }}>
        {tournaments.map((t) => (
          <TournamentCard
            key={t.id}
            tournament={t}
            alreadyRegistered={registrations.registered.has(t.id)}
            onRegistered={registrations.markRegistered}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} size="h2" fw={900} style={{ letterSpacing: '-0.01em' }}>
            Tournaments
          </Title>
          <Text c="dimmed" size="sm">
            Pick your bracket, lock in your squad and climb.
          </Text>
        </div>
      </Group>
      <LiveErrorAlert message={liveError} onReconnect={retry} />
      {registrations.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {registrations.error}
        </Alert>
      )}
      {content}
    </Stack>
  );
}
