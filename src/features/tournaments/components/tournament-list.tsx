// The live tournament grid of /home: loading skeletons, the cards, an empty state and an error state
// with retry. Counts and admin edits arrive through Realtime without a reload.
import { useDeferredValue, useMemo } from 'react';
import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTournament } from '@tabler/icons-react';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { useTournaments } from '@/lib/get-tournaments';
import { liveBanner } from '@/lib/use-realtime';
import { useHydrated } from '@/lib/use-hydrated';
import { homeOrder } from '@/lib/tournament-order';
import { TournamentCard, type CardRegistrationPart } from './tournament-card';
import { TournamentCardSkeleton } from './tournament-card-skeleton';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };
/** The cards of the widest layout's first row: their banners are fetched first. */
const FIRST_ROW = Math.max(...Object.values(GRID_COLS));
/**
 * The cards the server renders (three rows of the widest layout, more than a phone's first screen):
 * the page's HTML stays small however many tournaments there are, and the rest follow once the app
 * has hydrated it.
 */
export const SERVER_CARDS = FIRST_ROW * 3;

/** `registration`: each card's foot, registering for its tournament. */
export function TournamentList({ registration }: { registration: CardRegistrationPart }) {
  const tournaments = useTournaments();
  const banner = liveBanner(tournaments, tournaments.live);

  // The cards render in the background once the list arrives, in slices the browser can come in
  // between (a deferred value), not in one task that blocks the page; the skeletons stay meanwhile.
  // Open for registration first, then live, coming and finished: the same order for the same rows,
  // so a registration (a count moving) never reshuffles the cards.
  const ordered = useMemo(() => tournaments.data && homeOrder(tournaments.data), [tournaments.data]);
  const data = useDeferredValue(ordered);
  const hydrated = useHydrated();

  let content;
  if (tournaments.isPending || (ordered && !data)) {
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
  } else if (!data) {
    content = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title="Could not load tournaments"
        icon={<IconAlertTriangle size={18} aria-hidden />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(tournaments.error)}</Text>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={banner.retry}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (data.length === 0) {
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
        {(hydrated ? data : data.slice(0, SERVER_CARDS)).map((t, i) => (
          <TournamentCard key={t.id} tournament={t} registration={registration} priority={i < FIRST_ROW} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg" data-live={tournaments.live.status}>
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
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {content}
    </Stack>
  );
}
