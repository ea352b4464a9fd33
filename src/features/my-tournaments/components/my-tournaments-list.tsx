// My Tournaments: a card per joined tournament (banner, name, description, type, team, date), or
// the empty message with a way to find one.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { TournamentBanner } from '@/components/ui/tournament-banner';
import { useMyTournaments, type MyTournament } from '@/features/my-tournaments/api/get-my-tournaments';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function JoinedTournamentCard({ entry }: { entry: MyTournament }) {
  const t = entry.tournament;
  if (!t) return null;
  return (
    <Card component="article" padding={0} radius="lg" shadow="md" aria-labelledby={`t-${entry.id}`}>
      <TournamentBanner src={t.thumbnail_url} alt={`${t.name} banner`} />
      <Stack gap="xs" p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="lg" id={`t-${entry.id}`} lineClamp={2}>
            {t.name}
          </Title>
          <Badge color="orange" variant="filled" c="dark.9" style={{ flexShrink: 0 }}>
            {t.type} Tournament
          </Badge>
        </Group>
        <Text c="dimmed" fz="sm" lineClamp={3}>
          {t.description}
        </Text>
        {entry.team_name && (
          <Group gap={6}>
            <IconUsers size={16} aria-hidden />
            <Text fz="sm">
              Team: <b>{entry.team_name}</b>
            </Text>
          </Group>
        )}
        <Group gap={6}>
          <IconCalendar size={16} aria-hidden />
          <Text fz="sm">Registered on {dateFormat.format(new Date(entry.registered_at))}</Text>
        </Group>
      </Stack>
    </Card>
  );
}

export function MyTournamentsList() {
  const { user } = useAuth();
  const query = useMyTournaments(user?.id);

  if (query.isLoading) return <LoadingScreen label="Loading your tournaments..." />;

  const entries = (query.data ?? []).filter((e) => e.tournament);
  return (
    <Stack gap="lg">
      <Title order={1}>My Tournaments</Title>
      {query.error ? (
        <Stack align="flex-start">
          <FormError message={errorMessage(query.error)} />
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : entries.length === 0 ? (
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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {entries.map((entry) => (
            <JoinedTournamentCard key={entry.id} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
