// The top of the match room: the tournament, the two teams, the round, the best-of and the state.
import { Link } from 'react-router-dom';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import type { MatchRoom } from '@/features/match-room/api/get-match-room';

const STATES: Record<string, string> = {
  waiting_for_opponent: 'Waiting for opponent',
  ready: 'Ready to play',
  awaiting_confirmation: 'Awaiting confirmation',
  disputed: 'Disputed',
  done: 'Done',
};

export function MatchHeader({ room, names }: { room: MatchRoom; names: [string, string] }) {
  const { match, tournament } = room;
  return (
    <Stack gap={4}>
      {tournament && (
        <Anchor component={Link} to={paths.tournament(tournament.id)} size="sm">
          {tournament.name}
        </Anchor>
      )}
      <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {names[0]} vs {names[1]}
      </Title>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {match.round_label} · Best of {match.best_of}
        </Text>
        <Badge
          variant="light"
          color={match.state === 'disputed' ? 'red' : match.state === 'done' ? 'green' : 'brand'}
          tt="none"
        >
          {STATES[match.state] ?? match.state}
        </Badge>
      </Group>
    </Stack>
  );
}
