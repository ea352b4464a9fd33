// My Tournaments: the player's home for what they joined, as captain or entered by one. Running
// tournaments first (Live now), then upcoming ones by start time, past ones below; live. Or the empty
// message with a way to find one.
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { liveBanner } from '@/lib/use-realtime';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { LoadingScreen } from '@/components/ui/loading-screen';
import {
  sortMyRegistrations,
  useMyTournaments,
  type MyRegistration,
} from '@/features/registration/api/get-my-tournaments';
import { useNextMatches } from '@/features/registration/api/get-next-matches';
import { TeamCard } from '@/features/registration/components/team-card';
import type { NextMatch } from '@/lib/next-match';

/** A tournament that has started (or finished): the bracket exists. */
const STARTED_PHASES = ['in_progress', 'completed'];

type SectionProps = { title: string; teams: MyRegistration[]; next: Map<string, NextMatch> | undefined };

function Section({ title, teams, next }: SectionProps) {
  if (teams.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} fz="xl">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {teams.map((team) => (
          <TeamCard key={team.id} team={team} next={next?.get(team.tournament.id)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function MyTournamentsList() {
  const { user } = useAuth();
  const query = useMyTournaments(user?.id);
  const started = (query.data ?? []).filter((t) => STARTED_PHASES.includes(t.tournament.phase));
  const next = useNextMatches(
    user?.id,
    started.map((t) => t.tournament.id),
  );
  // Live when the list's channels are, and the matches' channel too once a tournament has started.
  const channels = started.length > 0 ? [query.live.status, next.live.status] : [query.live.status];
  const status = channels.includes('error') ? 'error' : channels.every((c) => c === 'joined') ? 'joined' : 'joining';
  const banner = liveBanner(query, {
    error: query.live.error ?? (started.length > 0 ? next.live.error : null),
    retry: () => {
      query.live.retry();
      next.live.retry();
    },
  });

  if (query.isLoading) return <LoadingScreen label="Loading your tournaments..." />;

  const { live, upcoming, past } = sortMyRegistrations(query.data ?? []);
  return (
    <Stack gap="lg" data-live={status}>
      <Title order={1}>My Tournaments</Title>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {query.error && !query.data ? (
        <Stack align="flex-start">
          <FormError message={errorMessage(query.error)} />
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : live.length + upcoming.length + past.length === 0 ? (
        <Card p="xl" radius="lg">
          <Stack align="center" gap="sm">
            <Text fw={700} fz="lg" ta="center">
              No tournaments joined yet.
            </Text>
            <Button component={Link} to={paths.home}>
              Browse tournaments
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Section title="Live now" teams={live} next={next.data} />
          <Section title="Upcoming" teams={upcoming} next={next.data} />
          <Section title="Past" teams={past} next={next.data} />
        </>
      )}
    </Stack>
  );
}
