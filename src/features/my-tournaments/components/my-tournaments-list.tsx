// My Tournaments: the player's home for what they joined, as captain or entered by one. Upcoming
// tournaments first by start time, past ones below; live. Or the empty message with a way to find one.
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { liveBanner } from '@/lib/use-realtime';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { sortMyTeams, useMyTournaments, type MyTeam } from '@/features/my-tournaments/api/get-my-tournaments';
import { TeamCard } from '@/features/my-tournaments/components/team-card';

function Section({ title, teams }: { title: string; teams: MyTeam[] }) {
  if (teams.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} fz="xl">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {teams.map((team) => (
          <TeamCard key={team.id} team={team} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function MyTournamentsList() {
  const { user } = useAuth();
  const query = useMyTournaments(user?.id);
  const banner = liveBanner(query, query.live);

  if (query.isLoading) return <LoadingScreen label="Loading your tournaments..." />;

  const { upcoming, past } = sortMyTeams(query.data ?? []);
  return (
    <Stack gap="lg" data-live={query.live.status}>
      <Title order={1}>My Tournaments</Title>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {query.error && !query.data ? (
        <Stack align="flex-start">
          <FormError message={errorMessage(query.error)} />
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : upcoming.length + past.length === 0 ? (
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
          <Section title="Upcoming" teams={upcoming} />
          <Section title="Past" teams={past} />
        </>
      )}
    </Stack>
  );
}
