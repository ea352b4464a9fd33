// The head of a tournament's admin screens: its name (focused on arrival: the button that opened it
// is gone), type, state, the roster's counts and the start; Cancel tournament while it can be; close.
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, CloseButton, Group, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { formatTime } from '@/lib/schedule';
import type { Tournament } from '@/lib/tournament';
import { rosterOf, type Team } from '../api/get-teams';
import { CANCEL_CONFIRM_MESSAGE, useCancelTournament } from '../api/cancel-tournament';

type Props = {
  tournament: Tournament;
  teams: { data?: Team[]; isPending: boolean };
  closeLabel: string;
  /** Administrators and co-organisers cancel; moderators do not. */
  canCancel: boolean;
  onClose: () => void;
  onCancelled: () => void;
};

export function TournamentHeader({ tournament, teams, closeLabel, canCancel, onClose, onCancelled }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const closed = tournament.cancelled_at !== null || tournament.completed_at !== null;
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <>
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
            <Counts slots={tournament.slots} teams={teams} />
          </Group>
          {tournament.starts_at && (
            <Text size="sm" c="dimmed" mt={4}>
              Starts {formatTime(tournament.starts_at)}
            </Text>
          )}
        </div>
        <CloseButton size="lg" aria-label={closeLabel} onClick={onClose} />
      </Group>
      <CancelTournament tournament={tournament} offered={canCancel && !closed} onCancelled={onCancelled} />
    </>
  );
}

function Counts({ slots, teams }: { slots: number; teams: Props['teams'] }) {
  const { registered, waitlisted, checkedIn } = rosterOf(teams.data ?? []);
  return (
    <>
      <Text size="sm" c="dimmed">
        {teams.isPending ? '…' : registered.length} / {plural(slots, 'team')}
      </Text>
      {!teams.isPending && (
        <Text size="sm" c="dimmed">
          · {checkedIn.length} checked in · {waitlisted.length} on the waitlist
        </Text>
      )}
    </>
  );
}

/**
 * Cancel tournament while `offered`, and its confirmation. The dialog stays mounted when the button
 * goes (the cancellation itself removes it), so the success still reaches `onCancelled`.
 */
function CancelTournament({
  tournament,
  offered,
  onCancelled,
}: {
  tournament: Tournament;
  offered: boolean;
  onCancelled: () => void;
}) {
  const cancel = useCancelTournament();
  const [cancelling, setCancelling] = useState(false);
  return (
    <>
      {offered && (
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
              onCancelled();
            },
          })
        }
      />
    </>
  );
}
