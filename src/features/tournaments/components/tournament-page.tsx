// A tournament's public, shareable page: everything a visitor may read (banner, type, format, the
// start in their own time zone, phase, prize, rules, slots and the teams holding them), the viewer's
// own action and team, and the bracket once there is one. Live: a change to the tournament (a team
// registering or withdrawing moves its counts) re-reads the page.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Center, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import { PlainText } from '@/components/ui/plain-text';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth';
import { liveBanner } from '@/lib/use-realtime';
import { plural } from '@/lib/plural';
import { phaseLabel } from '@/lib/schedule';
import { FormattedTime, StartsIn } from '@/components/ui/clock-text';
import { paths } from '@/config/paths';
import { useTournament, type PageTournament } from '../api/get-tournament';
import { useTournamentTeams } from '../api/get-tournament-teams';
import { useMatchCount } from '../api/get-match-count';
import { useNextMatch } from '../api/get-next-match';
import { NextMatchPanel } from './next-match';
import { TeamField } from './team-field';
import { tournamentProgress } from '@/lib/tournament';

export const NOT_FOUND_TITLE = 'Tournament not found';

const FORMAT_LABELS: Record<string, string> = {
  single_elimination: 'Single elimination',
  double_elimination: 'Double elimination',
  round_robin: 'Round robin',
  swiss: 'Swiss',
};

/** "Single elimination"; an unknown value (a newer server) reads as itself. */
export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format;
}

export function TournamentNotFound() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} ta="center">
          {NOT_FOUND_TITLE}
        </Title>
        <Text c="dimmed" ta="center">
          This link does not lead to a tournament. It may have been deleted, or the address is mistyped.
        </Text>
        <Button component={Link} to={paths.home}>
          See all tournaments
        </Button>
      </Stack>
    </Center>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-label={title}>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Slots({ tournament }: { tournament: PageTournament }) {
  const { teams, slots, slotsLeft: left, percent } = tournamentProgress(tournament);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          <IconUsersGroup size={16} aria-hidden style={{ verticalAlign: '-2px' }} /> {teams} / {slots} teams
        </Text>
        <Text fw={700} c={left === 0 ? 'red.4' : 'brand.4'}>
          {plural(left, 'slot')} left
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={left === 0 ? 'red' : 'brand'}
        aria-label="Registration Progress"
      />
      <Text size="sm" c="dimmed">
        {tournament.waitlisted_teams > 0
          ? `${plural(tournament.waitlisted_teams, 'team')} on the waitlist`
          : 'Nobody on the waitlist'}
      </Text>
    </Stack>
  );
}

type Props = {
  id: string;
  /** The viewer's part: their registration and team (src/features/registration), by the route. */
  viewer: (tournament: PageTournament) => ReactNode;
  /** The bracket view, shown once the tournament has matches. */
  bracket?: ReactNode;
};

export function TournamentPage({ id, viewer, bracket }: Props) {
  const query = useTournament(id);
  const tournament = query.data ?? null;
  const teams = useTournamentTeams(id, !!tournament);
  const matches = useMatchCount(id, !!tournament);
  const { user } = useAuth();
  const started = (matches.data ?? 0) > 0;
  const next = useNextMatch(id, started && !!user);
  const banner = liveBanner(query, query.live);

  if (query.isPending) return <LoadingScreen label="Loading tournament..." />;
  if (query.error && !tournament) return <FormError message={errorMessage(query.error)} />;
  if (!tournament) return <TournamentNotFound />;

  const registered = (teams.data ?? []).filter((t) => t.status === 'registered');

  return (
    <Stack gap="lg" data-live={query.live.status}>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {/* The player's match and its action first: reporting is why they came (issue 29). */}
      {next.data && (
        <Section title="Your match">
          <NextMatchPanel next={next.data} />
        </Section>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Card.Section>
          <TournamentBanner src={tournament.thumbnail_url} alt={`${tournament.name} banner`} priority />
        </Card.Section>
        <Stack gap="sm" mt="md">
          <Group gap="xs" wrap="wrap">
            <Badge
              variant="gradient"
              gradient={{ from: 'brand', to: 'orange' }}
              c="dark.9"
              size="lg"
              radius="sm"
              tt="none"
            >
              {tournament.type}
            </Badge>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {formatLabel(tournament.format)}
            </Badge>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              Best of {tournament.best_of}
            </Badge>
            <Badge
              variant="outline"
              size="lg"
              radius="sm"
              tt="none"
              aria-label={`Phase: ${phaseLabel(tournament.phase)}`}
            >
              {phaseLabel(tournament.phase)}
            </Badge>
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {tournament.name}
          </Title>
          {tournament.description && <PlainText text={tournament.description} />}
          <Group gap="xl" wrap="wrap">
            <Text>
              <IconCalendarEvent size={16} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
              {tournament.starts_at ? (
                <>
                  <FormattedTime at={tournament.starts_at} />{' '}
                  <Text span c="dimmed">
                    (<StartsIn at={tournament.starts_at} />)
                  </Text>
                </>
              ) : (
                'Start time to be announced'
              )}
            </Text>
            {tournament.prize && (
              <Text>
                <IconTrophy size={16} aria-hidden style={{ verticalAlign: '-2px' }} /> Prize:{' '}
                <Text span fw={700}>
                  {tournament.prize}
                </Text>
              </Text>
            )}
          </Group>
          <Slots tournament={tournament} />
        </Stack>
      </Card>

      {/* BRACKET: src/features/bracket's BracketView ({ tournamentId }) goes here, handed in by the route. */}
      {started && <Section title="Bracket">{bracket}</Section>}

      <Section title="Your registration">{viewer(tournament)}</Section>

      {tournament.rules && (
        <Section title="Rules">
          <PlainText text={tournament.rules} />
        </Section>
      )}

      <Section title="Teams">
        {teams.error ? (
          <FormError message={errorMessage(teams.error)} />
        ) : teams.data ? (
          <TeamField teams={registered} solo={tournament.type === '1v1'} />
        ) : (
          <Text c="dimmed">Loading teams...</Text>
        )}
      </Section>
    </Stack>
  );
}
