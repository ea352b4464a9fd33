// The captain's decision on an account that claims a place's player ID: a claimed ID is not a seat on
// the team until the captain accepts who claims it (a verified ID needs no acceptance).
import { Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { useAcceptTeamPlayer } from '@/features/registration/api/accept-team-player';

export function ClaimDecision({ teamId, slot, username }: { teamId: string; slot: number; username: string }) {
  const decide = useAcceptTeamPlayer();
  const busy = decide.isPending ? decide.variables?.accept : undefined;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Text fz="sm">
          Claimed by <b>{username}</b>
        </Text>
        <Button
          size="compact-xs"
          loading={busy === true}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ teamId, slot, accept: true })}
        >
          Accept {username}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          loading={busy === false}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ teamId, slot, accept: false })}
        >
          Not them
        </Button>
      </Group>
      <FormError message={decide.error ? errorMessage(decide.error) : null} />
    </>
  );
}
