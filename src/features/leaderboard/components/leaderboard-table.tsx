// /leaderboard: players ranked across completed tournaments, a page at a time (?page=n), the
// signed-in player's own row marked, and how the points are counted.
import { Badge, Button, Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { LoadingScreen } from '@/components/ui/loading-screen';
import {
  LEADERBOARD_PAGE_SIZE,
  leaderboardPageSchema,
  PLACEMENT_POINTS,
  useLeaderboard,
  type LeaderboardRow,
} from '@/features/leaderboard/api/get-leaderboard';

// Headers over their values (a browser centres <th> by default).
const LEFT = { th: { textAlign: 'left' } } as const;

function PointsTable() {
  return (
    <Card component="section" aria-labelledby="points-title" radius="lg" p="lg">
      <Title order={2} fz="lg" id="points-title">
        How points work
      </Title>
      <Text c="dimmed" fz="sm" mt={4}>
        Every completed tournament gives each player of a team the points of the team&apos;s final place.
      </Text>
      <Table mt="sm" maw={360} aria-labelledby="points-title" styles={LEFT}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Place</Table.Th>
            <Table.Th scope="col">Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PLACEMENT_POINTS.map((p) => (
            <Table.Tr key={p.place}>
              <Table.Td>{p.place}</Table.Td>
              <Table.Td>{p.points}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text c="dimmed" fz="sm" mt="sm">
        Players level on points are ranked by titles (1st places), then finals (2nd places), then their best place;
        players level on all of these share the rank. In a round robin played in groups, teams are placed by their place
        in the group, then wins, then game difference.
      </Text>
    </Card>
  );
}

function Ranking({ rows }: { rows: LeaderboardRow[] }) {
  return (
    // No scroll container: five short columns fit a phone, and a scrolled region would need a focus stop.
    <Table striped highlightOnHover horizontalSpacing="xs" aria-label="Leaderboard" styles={LEFT}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Rank</Table.Th>
          <Table.Th scope="col">Player</Table.Th>
          <Table.Th scope="col">Points</Table.Th>
          <Table.Th scope="col">Titles</Table.Th>
          <Table.Th scope="col">Played</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={`${row.rank}-${i}`} aria-current={row.is_me || undefined}>
            <Table.Td fw={700}>{row.rank}</Table.Td>
            <Table.Th scope="row" fw={row.is_me ? 800 : 500}>
              {/* An in-game name may be 30 characters without a space: it breaks rather than widen a phone. */}
              <Group gap="xs">
                <span style={{ overflowWrap: 'anywhere' }}>{row.in_game_name}</span>
                {row.is_me && (
                  <Badge size="sm" color="orange" c="dark.9">
                    You
                  </Badge>
                )}
              </Group>
            </Table.Th>
            <Table.Td fw={700}>{row.points}</Table.Td>
            <Table.Td>{row.titles}</Table.Td>
            <Table.Td>{row.tournaments_played}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function LeaderboardTable() {
  const [params, setParams] = useSearchParams();
  const page = leaderboardPageSchema.parse(params.get('page') ?? undefined);
  const query = useLeaderboard(page);
  const rows = query.data ?? [];
  const total = rows[0]?.total ?? 0;
  const pages = Math.ceil(total / LEADERBOARD_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Leaderboard</Title>
        <Text c="dimmed" mt={4}>
          The best BrawlCup players across every completed tournament.
        </Text>
      </div>
      {query.isLoading ? (
        <LoadingScreen label="Loading the leaderboard..." />
      ) : query.error ? (
        <Stack align="flex-start">
          <FormError message={errorMessage(query.error)} />
          <Button variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : rows.length === 0 ? (
        <Card p="xl" radius="lg">
          <Stack align="center" gap="sm">
            <Text fw={700} fz="lg" ta="center">
              {page > 1 ? 'No players on this page.' : 'No completed tournaments yet.'}
            </Text>
            <Text c="dimmed" ta="center">
              Players appear here as soon as a tournament they played in is completed.
            </Text>
            <Button component={Link} to={page > 1 ? paths.leaderboard : paths.home}>
              {page > 1 ? 'Back to the top' : 'Browse tournaments'}
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Ranking rows={rows} />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : undefined,
              })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          )}
        </>
      )}
      <PointsTable />
    </Stack>
  );
}
