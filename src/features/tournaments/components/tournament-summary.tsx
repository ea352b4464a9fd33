// The top of a tournament's page: banner, type, format, best-of and phase, the name and description,
// the start in the viewer's time zone, the prize, the check-in window and the slots. On a desktop the
// banner sits beside the details, so what the viewer does next (the section below) is in the first
// screen; on a phone it stays on top.
import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import { PlainText } from '@/components/ui/plain-text';
import { FormattedTime, StartsIn } from '@/components/ui/clock-text';
import { plural } from '@/lib/plural';
import { phaseLabel } from '@/lib/schedule';
import { tournamentProgress } from '@/lib/tournament';
import type { PageTournament } from '../api/get-tournament';
import { CheckInWindow } from './check-in-window';
import { PodiumList } from './podium';
import classes from './tournament-summary.module.css';

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

type Props = { tournament: PageTournament; phase: string };

export function TournamentSummary({ tournament, phase }: Props) {
  return (
    <Card withBorder radius="lg" padding={0} style={{ overflow: 'hidden' }}>
      <div className={classes.layout}>
        <div className={classes.banner}>
          <TournamentBanner src={tournament.thumbnail_url} alt={`${tournament.name} banner`} priority />
        </div>
        <Stack gap="sm" p="lg" style={{ flex: 1, minWidth: 0 }}>
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
            <Badge variant="outline" size="lg" radius="sm" tt="none" aria-label={`Phase: ${phaseLabel(phase)}`}>
              {phaseLabel(phase)}
            </Badge>
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {tournament.name}
          </Title>
          {phase === 'completed' && <PodiumList podium={tournament.podium ?? []} />}
          {phase === 'in_progress' && (
            <Text fw={700} c="green.4">
              Live
              {tournament.current_round ? `: ${tournament.current_round}` : ''}. Follow it in the bracket below.
            </Text>
          )}
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
          <CheckInWindow opens={tournament.checkin_opens} closes={tournament.checkin_closes} phase={phase} />
          {phase !== 'completed' && phase !== 'in_progress' && <Slots tournament={tournament} />}
        </Stack>
      </div>
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
