// A started tournament's card says what the player's next match is, in a few lines: the round,
// best-of and state, the opponent and their in-game names, the modes and maps, and a link to the
// tournament page to open it or report the result; or their place once out or over.
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { gameTexts, NEXT_MATCH_STATES, noMatchText, opponentPlayers, type NextMatch } from '@/lib/next-match';

export function NextMatchSummary({ next, tournamentName }: { next: NextMatch; tournamentName: string }) {
  if (next.status !== 'match') {
    return (
      <Text fz="sm" fw={700} role="status">
        {noMatchText(next)}
      </Text>
    );
  }
  const games = gameTexts(next);
  const action = next.can_report ? 'Report result' : next.can_confirm ? 'Confirm result' : 'Open match';
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
      <Button
        component={Link}
        to={paths.tournament(next.tournament_id)}
        size="compact-sm"
        variant={next.can_report || next.can_confirm ? 'filled' : 'light'}
        style={{ alignSelf: 'flex-start' }}
      >
        {action}
      </Button>
    </Stack>
  );
}
