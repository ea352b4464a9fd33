// One tournament's roster for the administrator, live: registered teams in registration order (each
// expands to its players), the waitlist in its order, and who has checked in. The admin checks teams
// in or out by hand, removes a team (the waitlist moves up), cancels the tournament, and runs the
// bracket below (start, reset, results).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Accordion, Badge, Button, Code, CloseButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconCircleX, IconRefresh, IconUserMinus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { formatTime } from '@/lib/schedule';
import type { Tournament } from '@/lib/tournament';
import { liveBanner } from '@/lib/use-realtime';
import { loadChunk } from '@/lib/chunk';
import { rosterOf, teamDisplayName, useTeams, type Team } from '../api/get-teams';
import { useSetCheckIn } from '../api/set-check-in';
import { REMOVE_CONFIRM_MESSAGE, useRemoveTeam } from '../api/remove-team';
import { CANCEL_CONFIRM_MESSAGE, useCancelTournament } from '../api/cancel-tournament';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Skeleton.css';

// The bracket tools load when a roster opens, after it.
const BracketPanel = lazy(() => loadChunk(() => import('./bracket-panel')).then((m) => ({ default: m.BracketPanel })));

type Props = { tournament: Tournament; onClose: () => void; onCancelled?: () => void };

export function TeamList({ tournament, onClose, onCancelled }: Props) {
  const query = useTeams(tournament.id);
  const teams = query.data ?? [];
  const { registered, waitlisted, checkedIn } = rosterOf(teams);
  const loading = query.isPending;
  const banner = liveBanner(query, query.live);
  const heading = useRef<HTMLHeadingElement>(null);
  const checkIn = useSetCheckIn(tournament.id);
  const remove = useRemoveTeam(tournament.id);
  const cancel = useCancelTournament();
  const [removing, setRemoving] = useState<Team | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const closed = tournament.cancelled_at !== null || tournament.completed_at !== null;
  const rosterOpen = !closed && tournament.started_at === null;

  // View Teams replaced the grid, so its button is gone: continue from the list's heading.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const teamActions = (team: Team) =>
    rosterOpen && (
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button
          size="compact-sm"
          variant="light"
          color={team.checked_in_at ? 'gray' : 'green'}
          aria-label={`${team.checked_in_at ? 'Check out' : 'Check in'} ${teamDisplayName(team)}`}
          leftSection={
            team.checked_in_at ? <IconCircleX size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />
          }
          loading={checkIn.isPending && checkIn.variables?.teamId === team.id}
          onClick={() => checkIn.mutate({ teamId: team.id, checkedIn: !team.checked_in_at })}
        >
          {team.checked_in_at ? 'Check out' : 'Check in'}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${teamDisplayName(team)}`}
          leftSection={<IconUserMinus size={14} aria-hidden />}
          onClick={() => {
            remove.reset();
            setRemoving(team);
          }}
        >
          Remove
        </Button>
      </Group>
    );

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
            {tournament.cancelled_at && (
              <Badge color="red" variant="filled" radius="sm">
                Cancelled
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {loading ? '…' : registered.length} / {plural(tournament.slots, 'team')}
            </Text>
            {!loading && (
              <Text size="sm" c="dimmed">
                · {checkedIn.length} checked in · {waitlisted.length} on the waitlist
              </Text>
            )}
          </Group>
          {tournament.starts_at && (
            <Text size="sm" c="dimmed" mt={4}>
              Starts {formatTime(tournament.starts_at)}
            </Text>
          )}
        </div>
        <CloseButton size="lg" aria-label="Close team list" onClick={onClose} />
      </Group>
      {!closed && (
        <Group justify="flex-end" mb="md">
          <Button
            size="xs"
            variant="outline"
            color="red"
            leftSection={<IconBan size={14} aria-hidden />}
            onClick={() => {
              cancel.reset();
              setCancelling(true);
            }}
          >
            Cancel tournament
          </Button>
        </Group>
      )}
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />

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
        <Stack gap="lg">
          <section aria-label="Registered teams">
            <Title order={3} size="h5" mb="xs">
              Registered
            </Title>
            <Accordion variant="separated" radius="md" multiple chevronPosition="right">
              {registered.map((team) => (
                <Accordion.Item key={team.id} value={team.id}>
                  {/* On a phone the actions go under the team rather than squeezing its name. */}
                  <Group wrap="wrap" gap="xs" pr="xs" pb={4} justify="flex-end">
                    <Accordion.Control style={{ flex: '1 1 16rem', minWidth: 0 }}>
                      <Group justify="space-between" gap="xs" wrap="wrap">
                        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                          {teamDisplayName(team)}
                        </Text>
                        <Group gap={6}>
                          {team.checked_in_at && (
                            <Badge color="green" variant="light" size="sm" radius="sm">
                              Checked in
                            </Badge>
                          )}
                          <Text size="xs" c="dimmed" component="span">
                            Registered {formatTime(team.registered_at)}
                          </Text>
                        </Group>
                      </Group>
                    </Accordion.Control>
                    {teamActions(team)}
                  </Group>
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
          </section>
          {waitlisted.length > 0 && (
            <section aria-label="Waitlist">
              <Title order={3} size="h5" mb="xs">
                Waitlist
              </Title>
              <ol style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)', display: 'grid', gap: 6 }}>
                {waitlisted.map((team) => (
                  <li key={team.id} aria-label={teamDisplayName(team)}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Group gap={6} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {teamDisplayName(team)}
                        </Text>
                        {team.checked_in_at && (
                          <Badge color="green" variant="light" size="sm" radius="sm">
                            Checked in
                          </Badge>
                        )}
                      </Group>
                      {teamActions(team)}
                    </Group>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </Stack>
      )}

      {!loading && !query.isError && (
        <Suspense fallback={null}>
          <BracketPanel tournament={tournament} teams={teams} />
        </Suspense>
      )}

      <ConfirmDialog
        size="lg"
        opened={removing !== null}
        title={removing ? `Remove ${teamDisplayName(removing)}` : 'Remove team'}
        message={REMOVE_CONFIRM_MESSAGE}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
      <ConfirmDialog
        size="lg"
        opened={cancelling}
        title={`Cancel ${tournament.name}`}
        message={CANCEL_CONFIRM_MESSAGE}
        confirmLabel="Cancel tournament"
        cancelLabel="Keep it"
        busy={cancel.isPending}
        error={cancel.error ? errorMessage(cancel.error) : null}
        onCancel={() => setCancelling(false)}
        onConfirm={() =>
          cancel.mutate(tournament.id, {
            onSuccess: () => {
              setCancelling(false);
              onCancelled?.();
            },
          })
        }
      />
    </Paper>
  );
}
