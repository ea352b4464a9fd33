// A team's check-in on its card: checked in, the captain's Check in while the window is open, or when
// it opens.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import { FormError } from '@/components/ui/form-error';
import type { MyRegistration } from '@/features/registration/api/get-my-tournaments';
import { useCheckIn } from '@/features/registration/api/check-in';

export function CheckInState({ team }: { team: MyRegistration }) {
  const checkIn = useCheckIn();
  const t = team.tournament;
  if (team.checked_in_at) {
    return (
      <Group gap={6}>
        <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-5)" />
        <Text fz="sm">Checked in</Text>
      </Group>
    );
  }
  if (t.phase === 'check_in') {
    return (
      <Stack gap={4} align="flex-start">
        <Group gap="xs">
          <Text fz="sm">Not checked in</Text>
          {team.isCaptain && (
            <Button
              size="compact-sm"
              loading={checkIn.isPending}
              onClick={() => checkIn.mutate({ tournamentId: team.tournament.id, teamId: team.id })}
            >
              Check in
            </Button>
          )}
        </Group>
        <FormError message={checkIn.error ? errorMessage(checkIn.error) : null} />
      </Stack>
    );
  }
  if (t.checkin_opens && ['registration_open', 'registration_closed'].includes(t.phase)) {
    return <Text fz="sm">Check-in opens {formatTime(t.checkin_opens)}</Text>;
  }
  return null;
}
