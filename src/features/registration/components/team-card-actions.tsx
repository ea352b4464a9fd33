// What I may do on a team's card: join its Discord, confirm my place, leave the team, or as captain
// withdraw it, each that changes the team behind a confirmation.
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { JoinDiscord } from '@/components/ui/join-discord';
import type { MyRegistration } from '@/features/registration/api/get-my-tournaments';
import { useConfirmTeamPlace } from '@/features/registration/api/confirm-team-place';
import { useLeaveTeam } from '@/features/registration/api/leave-team';
import { useWithdrawTeam } from '@/features/registration/api/withdraw-team';

export function TeamCardActions({ team, teamLabel }: { team: MyRegistration; teamLabel: string }) {
  const t = team.tournament;
  const confirm = useConfirmTeamPlace();
  const leave = useLeaveTeam();
  const withdraw = useWithdrawTeam();
  const [dialog, setDialog] = useState<'leave' | 'withdraw' | null>(null);

  const closeDialog = () => {
    setDialog(null);
    leave.reset();
    withdraw.reset();
  };

  return (
    <>
      <FormError message={confirm.error ? errorMessage(confirm.error) : null} />
      <Group gap="sm">
        {team.discordLink && <JoinDiscord href={team.discordLink} compact />}
        {team.myPlace?.state === 'waiting' && !team.rosterClosed && (
          <Button size="compact-sm" loading={confirm.isPending} onClick={() => confirm.mutate(team.id)}>
            Confirm my place
          </Button>
        )}
        {team.myPlace && !team.rosterClosed && (
          <Button size="compact-sm" variant="default" onClick={() => setDialog('leave')}>
            Leave team
          </Button>
        )}
        {team.isCaptain && !team.rosterClosed && (
          <Button size="compact-sm" variant="default" color="red" onClick={() => setDialog('withdraw')}>
            Withdraw
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={dialog === 'leave'}
        title="Leave team"
        confirmLabel="Leave team"
        busy={leave.isPending}
        error={leave.error ? errorMessage(leave.error) : null}
        onCancel={closeDialog}
        onConfirm={() => leave.mutate(team.id, { onSuccess: () => setDialog(null) })}
        message={`Leave ${teamLabel} in ${t.name}? Your place becomes empty until the captain names someone else.`}
      />
      <ConfirmDialog
        opened={dialog === 'withdraw'}
        title="Withdraw team"
        confirmLabel="Withdraw team"
        busy={withdraw.isPending}
        error={withdraw.error ? errorMessage(withdraw.error) : null}
        onCancel={closeDialog}
        onConfirm={() => withdraw.mutate(team.id, { onSuccess: () => setDialog(null) })}
        message={`Withdraw ${teamLabel} from ${t.name}? The slot goes to the next team in line, and this cannot be undone.`}
      />
    </>
  );
}
