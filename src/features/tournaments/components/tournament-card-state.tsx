// The foot of a card whose tournament is under way or over: what matters then is the round being
// played, or the champion and the top places, and the way to the bracket; not slots, a full bar or
// "The tournament is full", which said a finished event was merely full.
import { Link } from 'react-router-dom';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { paths } from '@/config/paths';
import type { TournamentWithMyTeam } from '@/lib/get-tournaments';
import { PodiumList } from './podium';

/** Where a card's tournament stands once registration no longer matters: live, over, or neither. */
export function cardStage(t: Pick<TournamentWithMyTeam, 'started_at' | 'completed_at' | 'cancelled_at'>) {
  if (t.cancelled_at) return null;
  if (t.completed_at) return 'over' as const;
  if (t.started_at) return 'live' as const;
  return null;
}

/** The corner of the card: "Live" or "Finished" instead of the slots left. */
export function StageBadge({ stage }: { stage: 'live' | 'over' }) {
  return stage === 'live' ? (
    <Badge color="green.4" variant="filled" c="dark.9" radius="sm" tt="none">
      Live
    </Badge>
  ) : (
    <Badge color="gray" variant="light" radius="sm" tt="none">
      Finished
    </Badge>
  );
}

export function CardState({ tournament, stage }: { tournament: TournamentWithMyTeam; stage: 'live' | 'over' }) {
  return (
    <Stack gap="sm" style={{ marginTop: 'auto' }}>
      {stage === 'live' ? (
        <Group gap={6}>
          <Text size="sm" fw={700}>
            Now playing: {tournament.current_round ?? 'the bracket'}
          </Text>
        </Group>
      ) : (
        <PodiumList podium={tournament.podium ?? []} champion={tournament.champion} size="sm" />
      )}
      <Button component={Link} to={paths.tournament(tournament.id)} variant="light" fullWidth>
        {stage === 'live' ? 'Follow the bracket' : 'See the results'}
      </Button>
    </Stack>
  );
}
