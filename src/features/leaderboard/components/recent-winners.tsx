// The landing page's recent winners: the latest champions, and the way to the leaderboard. Loaded
// after the landing page's first paint with a query cache of its own mounting (the landing page has
// none); it shows nothing until there is a champion, and nothing on an error (the page works without it).
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { QueryProvider } from '@/lib/query-client';
import { useRecentChampions } from '@/features/leaderboard/api/get-recent-champions';

function Winners() {
  const { data } = useRecentChampions(3);
  if (!data?.length) return null;
  return (
    <section aria-labelledby="recent-winners-title" style={{ marginTop: 48 }}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} id="recent-winners-title">
          Recent winners
        </Title>
        <Text component={Link} to={paths.leaderboard} c="orange.4" fw={700}>
          See the leaderboard
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {data.map((c) => (
          <Card
            key={c.tournament_id}
            component="article"
            radius="lg"
            p="lg"
            bg="dark.6"
            aria-label={`${c.tournament_name} champion`}
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <IconTrophy size={22} color="var(--mantine-color-yellow-4)" aria-hidden />
                <Text fw={800} fz="lg">
                  {c.champion}
                </Text>
              </Group>
              <Text c="dimmed" fz="sm">
                won {c.tournament_name}
              </Text>
              <Badge color="orange" variant="light" w="fit-content">
                {c.type}
              </Badge>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

export default function RecentWinners() {
  return (
    <QueryProvider>
      <Winners />
    </QueryProvider>
  );
}
