// "Your match": what a player in a started tournament needs before anything else: the round, the
// opponent and their in-game names, best-of, modes and maps, and whether it is their turn to report or
// confirm (in the bracket below); once they are out or the tournament is over, their place.
import { Alert, Badge, Group, List, Stack, Text } from '@mantine/core';
import type { NextMatch } from '../api/get-next-match';
import { ordinal } from '../api/get-next-match';

const STATES: Record<string, string> = {
  waiting_for_opponent: 'Waiting for your opponent',
  ready: 'Ready to play',
  awaiting_confirmation: 'Awaiting confirmation',
  disputed: 'Disputed',
  done: 'Done',
};

export function NextMatchPanel({ next }: { next: NextMatch }) {
  if (next.status !== 'match') {
    const place = next.placement ? ordinal(next.placement) : null;
    const text =
      next.status === 'completed'
        ? `The tournament is over${place ? `: you finished ${place}` : ''}.`
        : next.status === 'eliminated'
          ? `You are out of the tournament${place ? `: you finish ${place}` : ''}.`
          : 'You have no match to play right now: your next one appears here.';
    return (
      <Text fw={700} role="status">
        {text}
      </Text>
    );
  }
  const maps = (next.maps ?? []).filter((m) => m.mode || m.map);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{next.round_label}</Text>
        <Badge variant="light" tt="none">
          Best of {next.best_of}
        </Badge>
        <Badge variant="outline" tt="none">
          {STATES[next.state ?? ''] ?? next.state}
        </Badge>
      </Group>
      <Text>
        {next.team_name} vs{' '}
        <Text span fw={700}>
          {next.opponent_team_name ?? 'to be decided'}
        </Text>
        {next.opponent_in_game_names?.length ? (
          <Text span c="dimmed">
            {' '}
            ({next.opponent_in_game_names.join(', ')})
          </Text>
        ) : null}
      </Text>
      {maps.length > 0 && (
        <List size="sm" type="ordered" aria-label="Games">
          {maps.map((m, i) => (
            <List.Item key={i}>{[m.mode, m.map].filter(Boolean).join(': ')}</List.Item>
          ))}
        </List>
      )}
      {next.state === 'disputed' && (
        <Alert color="red" variant="light" title="Disputed">
          {next.dispute_comment} An administrator will settle this match.
        </Alert>
      )}
      {(next.can_report || next.can_confirm) && (
        <Text size="sm" role="status">
          {next.can_confirm
            ? 'Your opponent reported the result: open the match in the bracket below to confirm or dispute it.'
            : 'Played it? Open the match in the bracket below to report the result.'}
        </Text>
      )}
    </Stack>
  );
}
