// "Your match": what a player in a started tournament needs before anything else, at the top of the
// page: the round, the opponent and their in-game names, best-of, modes and maps, whether it is their
// turn to report or confirm, and the button that opens the match's dialog; once they are out or the
// tournament is over, their place.
import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { paths } from '@/config/paths';
import {
  gameTexts,
  matchAction,
  NEXT_MATCH_STATES,
  noMatchText,
  opponentPlayers,
  type NextMatch,
} from '@/lib/next-match';

export function NextMatchPanel({ next }: { next: NextMatch }) {
  if (next.status !== 'match') {
    return (
      <Text fw={700} role="status">
        {noMatchText(next)}
      </Text>
    );
  }
  const maps = gameTexts(next);
  const players = opponentPlayers(next);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={700}>{next.round_label}</Text>
        <Badge variant="light" tt="none">
          Best of {next.best_of}
        </Badge>
        <Badge variant="outline" tt="none">
          {NEXT_MATCH_STATES[next.state ?? ''] ?? next.state}
        </Badge>
      </Group>
      <Text>
        {next.team_name} vs{' '}
        <Text span fw={700}>
          {next.opponent_team_name ?? 'to be decided'}
        </Text>
        {players && (
          <Text span c="dimmed">
            {' '}
            {players}
          </Text>
        )}
      </Text>
      {maps.length > 0 && (
        <List size="sm" type="ordered" aria-label="Games">
          {maps.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      )}
      {next.match_id && (
        <Button component={Link} to={paths.match(next.match_id)} size="compact-md" style={{ alignSelf: 'flex-start' }}>
          Open your match room
        </Button>
      )}
      {next.state === 'disputed' && (
        <Alert color="red" variant="light" title="Disputed">
          {next.dispute_comment} An administrator will settle this match.
        </Alert>
      )}
      {(next.can_report || next.can_confirm) && (
        <Text size="sm" role="status">
          {next.can_confirm
            ? 'Your opponent reported the result: confirm or dispute it.'
            : 'Played it? Report the result.'}
        </Text>
      )}
      {next.match_id && (
        <Button
          component={Link}
          to={paths.tournamentMatch(next.tournament_id, next.match_id)}
          preventScrollReset
          variant={next.can_report || next.can_confirm ? 'filled' : 'light'}
          style={{ alignSelf: 'flex-start' }}
        >
          {matchAction(next)}
        </Button>
      )}
    </Stack>
  );
}
