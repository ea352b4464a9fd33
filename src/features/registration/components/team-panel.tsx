// The viewer's own team on a tournament's page: its state (registered, checked in, or its place on the
// waitlist), the news of a promotion from the waitlist while the page is open, and the captain's
// Check in (during the window) and Withdraw (until check-in closes). Its own chunk: only a viewer with
// a team needs it, and it brings the mutations' code.
import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconLogout } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { rosterClosed } from '@/lib/tournament';
import type { MyTeam } from '@/lib/my-team';
import { useWithdrawTeam } from '../api/withdraw-team';
import { useCheckIn } from '../api/check-in';
import type { ViewedTournament } from './viewer-action';
import { WithdrawDialog } from './withdraw-dialog';

type Props = {
  tournament: ViewedTournament;
  team: MyTeam;
  /** The team was just put on the waitlist from this page. */
  justWaitlisted: boolean;
  joinDiscord: ReactNode;
  onWithdrawn: () => void;
};

export function TeamPanel({ tournament, team, justWaitlisted, joinDiscord, onWithdrawn }: Props) {
  const withdraw = useWithdrawTeam();
  const checkIn = useCheckIn();
  const [confirming, setConfirming] = useState(false);
  // The state the team had when it first showed here: a waitlisted team promoted since (a slot freed)
  // hears it, live.
  const [firstStatus] = useState(team.status);
  const promoted = firstStatus === 'waitlisted' && team.status === 'registered';
  const canCheckIn = team.captain && tournament.phase === 'check_in' && !team.checked_in_at;
  const canWithdraw = team.captain && !rosterClosed(tournament);
  const solo = tournament.type === '1v1';
  // Awaited, not mutate's callbacks: the withdrawal removes this panel (the team is gone) before
  // those would run; the parent still hears of it.
  const confirmWithdraw = async () => {
    try {
      await withdraw.mutateAsync(team.id);
    } catch {
      return; // Shown in the dialog.
    }
    setConfirming(false);
    onWithdrawn();
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Text fw={700}>{solo ? 'Your entry' : 'Your team'}</Text>
        <TeamState team={team} />
      </Group>
      {promoted && (
        <Text size="sm" fw={700} role="status">
          {solo
            ? "You're in! A slot freed up and you are registered."
            : "You're in! A slot freed up and your team is registered."}
        </Text>
      )}
      {justWaitlisted && team.status === 'waitlisted' && (
        <Text size="sm" c="dimmed" role="status">
          You are on the waitlist. You get a slot when a registered {solo ? 'player' : 'team'} withdraws.
        </Text>
      )}
      {joinDiscord}
      <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />
      <Group gap="sm">
        {canCheckIn && (
          <Button
            loading={checkIn.isPending}
            onClick={() => checkIn.mutate({ tournamentId: tournament.id, teamId: team.id })}
          >
            Check in
          </Button>
        )}
        {canWithdraw && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => {
              withdraw.reset();
              setConfirming(true);
            }}
          >
            Withdraw
          </Button>
        )}
      </Group>
      <WithdrawDialog
        opened={confirming}
        tournamentName={tournament.name}
        withdrawing={withdraw.isPending}
        error={withdraw.error ? errorMessage(withdraw.error) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmWithdraw()}
      />
    </Stack>
  );
}

function TeamState({ team }: { team: MyTeam }) {
  if (team.status === 'waitlisted') {
    return (
      <Badge color="yellow" variant="light" size="lg" tt="none" leftSection={<IconClockHour4 size={14} aria-hidden />}>
        Waitlisted #{team.waitlist_position ?? '?'}
      </Badge>
    );
  }
  return (
    <Badge color="green" variant="light" size="lg" tt="none" leftSection={<IconCircleCheck size={14} aria-hidden />}>
      {team.checked_in_at ? 'Checked in' : 'Registered'}
    </Badge>
  );
}
