// A tournament's roster for the administrator, live: registered teams in registration order (each
// expands to its players), the waitlist in its order, and who has checked in. Until the tournament
// starts, the admin checks teams in or out by hand and removes a team (the waitlist moves up).
import { useState } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { liveBanner } from '@/lib/use-realtime';
import { rosterOf, teamDisplayName, type Team } from '../api/get-teams';
import { useSetCheckIn } from '../api/set-check-in';
import { REMOVE_CONFIRM_MESSAGE, useRemoveTeam } from '../api/remove-team';
import { RegisteredTeams, Waitlist } from './roster-teams';
import { useTournamentAdmin } from './tournament-admin';

export function Roster() {
  const { tournament, teams: query } = useTournamentAdmin();
  const checkIn = useSetCheckIn(tournament.id);
  const remove = useRemoveTeam(tournament.id);
  const [removing, setRemoving] = useState<Team | null>(null);
  const banner = liveBanner(query, query.live);
  const open = tournament.cancelled_at === null && tournament.completed_at === null && tournament.started_at === null;
  const { registered, waitlisted } = rosterOf(query.data ?? []);
  // Check in, check out and remove, while the roster is open.
  const actions = open
    ? {
        checkIn,
        onRemove: (team: Team) => {
          remove.reset();
          setRemoving(team);
        },
      }
    : null;

  return (
    <>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />
      {query.isPending ? (
        <Center py="lg" role="status" aria-label="Loading teams...">
          <Loader size="sm" />
        </Center>
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
      ) : query.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No teams registered yet.
        </Text>
      ) : (
        <Stack gap="lg">
          <RegisteredTeams teams={registered} actions={actions} />
          {waitlisted.length > 0 && <Waitlist teams={waitlisted} actions={actions} />}
        </Stack>
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
    </>
  );
}
