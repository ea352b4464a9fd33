// One tournament's registered teams, in registration order and live; each team expands to show
// its player slots with in-game names and IDs.
import { useEffect, useRef } from 'react';
import { Accordion, Badge, Button, Code, CloseButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { plural } from '@/lib/plural';
import type { Tournament } from '@/lib/tournament';
import { liveBanner } from '@/lib/use-realtime';
import { teamDisplayName, useTeams } from '../api/get-teams';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Skeleton.css';

function formatTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function TeamList({ tournament, onClose }: { tournament: Tournament; onClose: () => void }) {
  const query = useTeams(tournament.id);
  const teams = query.data ?? [];
  const loading = query.isPending;
  const banner = liveBanner(query, query.live);
  const heading = useRef<HTMLHeadingElement>(null);

  // View Teams replaced the grid, so its button is gone: continue from the list's heading.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Paper
      data-live={query.live.status}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="dark.7"
      component="section"
      aria-label={`Teams of ${tournament.name}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
            {tournament.name}
          </Title>
          <Group gap="xs" mt={4}>
            <Badge variant="light" color="brand" radius="sm">
              {tournament.type}
            </Badge>
            <Text size="sm" c="dimmed">
              {loading ? '…' : teams.length} / {plural(tournament.slots, 'team')}
            </Text>
          </Group>
        </div>
        <CloseButton size="lg" aria-label="Close team list" onClick={onClose} />
      </Group>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />

      {loading ? (
        <Stack gap="xs" role="status" aria-label="Loading teams...">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={52} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormError message={errorMessage(query.error)} />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Stack>
      ) : teams.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No teams registered yet.
        </Text>
      ) : (
        <Accordion variant="separated" radius="md" multiple chevronPosition="right">
          {teams.map((team) => (
            <Accordion.Item key={team.id} value={team.id}>
              <Accordion.Control>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {teamDisplayName(team)}
                  </Text>
                  <Text size="xs" c="dimmed" component="span">
                    Registered {formatTime(team.registered_at)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ul
                  aria-label={`Players of ${teamDisplayName(team)}`}
                  style={{
                    listStyle: 'none',
                    margin: 0,
                    padding: 0,
                    display: 'grid',
                    gap: 'var(--mantine-spacing-xs)',
                  }}
                >
                  {team.team_players.map((p) => (
                    <li key={p.slot}>
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                          <Badge variant="outline" color="gray" size="sm" radius="sm" style={{ flexShrink: 0 }}>
                            Player {p.slot}
                          </Badge>
                          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {p.in_game_name}
                          </Text>
                        </Group>
                        <Code fz="sm">{p.player_id}</Code>
                      </Group>
                    </li>
                  ))}
                </ul>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Paper>
  );
}
