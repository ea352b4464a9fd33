// A started tournament's card says what the player's next match is, in a few lines: the round,
// best-of and state, the opponent and their in-game names, the modes and maps, and a link that opens
// the match's dialog on the tournament page (to report or confirm); or their place once out or over.
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  gameTexts,
  matchAction,
  NEXT_MATCH_STATES,
  noMatchText,
  opponentPlayers,
  type NextMatch,
} from '@/lib/next-match';

export function NextMatchSummary({ next, tournamentName }: { next: NextMatch; tournamentName: string }) {
  if (next.status !== 'match') {
    return (
      <Text fz="sm" fw={700} role="status">
        {noMatchText(next)}
      </Text>
    );
  }
  const games = gameTexts(next);
  return (
    <Stack gap={4} component="section" aria-label={`Your match in ${tournamentName}`}>
      <Text fz="sm">
        <b>{next.round_label}</b> · Best of {next.best_of} · {NEXT_MATCH_STATES[next.state ?? ''] ?? next.state}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        vs <b>{next.opponent_team_name ?? 'to be decided'}</b>
        {opponentPlayers(next) && ` ${opponentPlayers(next)}`}
      </Text>
      {games.length > 0 && (
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {games.join(', ')}
        </Text>
      )}
      <Group gap="xs">
        <Button
          component={Link}
          to={
            next.match_id
              ? paths.tournamentMatch(next.tournament_id, next.match_id)
              : paths.tournament(next.tournament_id)
          }
          size="compact-sm"
          variant={next.can_report || next.can_confirm ? 'filled' : 'light'}
        >
          {matchAction(next)}
        </Button>
        {next.match_id && (
          <Button component={Link} to={paths.match(next.match_id)} size="compact-sm" variant="light">
            Match room
          </Button>
        )}
      </Group>
    </Stack>
  );
}
