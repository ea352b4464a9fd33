// One tournament as a registration card (spec section 2): banner, description as title, type,
// slots left, the Registration Progress bar and the Register Now / Close Registration toggle
// (handed in by the route); the title links to the tournament's own page.
import { memo, type ComponentType } from 'react';
import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { tournamentProgress } from '@/lib/tournament';
import { paths } from '@/config/paths';
import type { TournamentWithMyTeam } from '@/lib/get-tournaments';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import { plural } from '@/lib/plural';
import { phaseLabel } from '@/lib/schedule';
import { FormattedTime, StartsIn } from '@/components/ui/clock-text';
import { cardStage, CardState, StageBadge } from './tournament-card-state';

/**
 * The browser lays out and paints a card only once it is near the screen (content-visibility), so a
 * phone opening a long grid does the work of the few cards it shows; until then a card holds the
 * room of a typical one, and once shown, its own.
 */
const CARD_STYLE = {
  borderColor: 'var(--mantine-color-dark-4)',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 520px',
} as const;

/** The card's foot: registering for the tournament (src/features/registration), handed in by the route. */
export type CardRegistrationPart = ComponentType<{ tournament: TournamentWithMyTeam; full: boolean }>;

/**
 * `priority`: the card is in the grid's first row (its banner is fetched first: TournamentBanner).
 * Memoised: the grid re-renders whenever its live state moves, and a card (a few dozen Mantine
 * components) re-renders only when its own tournament does, which the list's deferred update does
 * in slices (tournament-list.tsx).
 */
export const TournamentCard = memo(function TournamentCard({
  tournament,
  registration: Registration,
  priority = false,
}: {
  tournament: TournamentWithMyTeam;
  registration: CardRegistrationPart;
  priority?: boolean;
}) {
  const { slotsLeft, full } = tournamentProgress(tournament);
  // Under way or over: the card shows that, not its slots.
  const stage = cardStage(tournament);
  const title = tournament.description?.trim() || tournament.name;

  return (
    <Card
      component="article"
      aria-label={tournament.name}
      withBorder
      radius="lg"
      padding="lg"
      shadow="md"
      style={CARD_STYLE}
    >
      <Card.Section>
        <TournamentBanner src={tournament.thumbnail_url} alt={`${tournament.name} banner`} priority={priority} />
      </Card.Section>

      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Badge
            variant="gradient"
            gradient={{ from: 'brand', to: 'orange' }}
            c="dark.9"
            size="lg"
            radius="sm"
            tt="none"
          >
            {tournament.type} Tournament
          </Badge>
          {stage ? (
            <StageBadge stage={stage} />
          ) : (
            <Text size="sm" fw={700} c={full ? 'red.4' : 'brand.4'}>
              {plural(slotsLeft, 'slot')} left
            </Text>
          )}
        </Group>

        {/* Three lines at most, the whole text on hover (a tournament page will show it in full). */}
        <Title order={2} size="h4" lh={1.25} lineClamp={3} title={title} style={{ overflowWrap: 'anywhere' }}>
          {/* The whole tournament, shareable: its public page. */}
          <Anchor component={Link} to={paths.tournament(tournament.id)} c="inherit" inherit>
            {title}
          </Anchor>
        </Title>
        {title !== tournament.name && (
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mt={-6}>
            {tournament.name}
          </Text>
        )}

        {(tournament.starts_at || tournament.phase) && (
          <Group justify="space-between" gap="xs">
            {tournament.starts_at && (
              <Text size="sm">
                <FormattedTime at={tournament.starts_at} />{' '}
                <Text span size="sm" c="dimmed">
                  (<StartsIn at={tournament.starts_at} />)
                </Text>
              </Text>
            )}
            {tournament.phase && (
              <Badge variant="light" radius="sm" tt="none">
                {phaseLabel(tournament.phase)}
              </Badge>
            )}
          </Group>
        )}

        {tournament.champion && !stage && (
          <Text size="sm">
            <IconTrophy size={16} aria-hidden style={{ verticalAlign: '-3px' }} /> Champion:{' '}
            <Text span size="sm" fw={700}>
              {tournament.champion}
            </Text>
          </Text>
        )}

        {stage ? (
          <CardState tournament={tournament} stage={stage} />
        ) : (
          <>
            <RegistrationProgress tournament={tournament} />
            <Registration tournament={tournament} full={full} />
          </>
        )}
      </Stack>
    </Card>
  );
});

function RegistrationProgress({ tournament }: { tournament: TournamentWithMyTeam }) {
  const { teams, slots, percent, full } = tournamentProgress(tournament);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Registration Progress
        </Text>
        <Text size="sm" c="dimmed">
          <IconUsersGroup size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> {teams} / {slots} · {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={full ? 'red' : 'brand'}
        striped={!full}
        aria-label="Registration Progress"
      />
    </Stack>
  );
}
