// A started tournament's matches for the administrator (disputed first), each with its teams, score,
// winner, dispute and state, and Set result or Correct result once both teams are known.
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { MatchEvidence } from '@/components/ui/match-evidence';
import { MATCH_STATE_LABELS, matchLabel, type Match } from '../api/get-matches';

type Props = { matches: Match[]; name: (id: string | null) => string; onSettle: (match: Match) => void };

export function MatchList({ matches, name, onSettle }: Props) {
  return (
    <ul aria-label="Matches" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      {matches.map((m) => (
        <li key={m.id} aria-label={matchLabel(m)}>
          <Card withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <MatchSummary match={m} name={name} />
              <Group gap="xs">
                <Badge
                  variant="light"
                  radius="sm"
                  color={m.state === 'disputed' ? 'red' : m.state === 'done' ? 'green' : 'gray'}
                >
                  {m.is_bye ? 'Bye' : MATCH_STATE_LABELS[m.state]}
                </Badge>
                {!m.is_bye && m.team1_id && m.team2_id && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    aria-label={`${m.confirmed_at ? 'Correct result of' : 'Set result of'} ${matchLabel(m)}`}
                    onClick={() => onSettle(m)}
                  >
                    {m.confirmed_at ? 'Correct result' : 'Set result'}
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function MatchSummary({ match: m, name }: { match: Match; name: Props['name'] }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {matchLabel(m)}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {name(m.team1_id)} vs {m.is_bye && !m.team2_id ? 'bye' : name(m.team2_id)}
        {m.team1_score !== null && m.team2_score !== null && ` · ${m.team1_score}-${m.team2_score}`}
      </Text>
      {m.winner_id && !m.is_bye && (
        <Text size="sm">
          Winner: {name(m.winner_id)}
          {m.result_reason === 'forfeit' && ' (forfeit)'}
          {m.result_reason === 'no_show' && ' (no-show)'}
        </Text>
      )}
      {m.dispute_comment && m.state === 'disputed' && (
        <Text size="sm" c="orange">
          Dispute: {m.dispute_comment}
        </Text>
      )}
      {m.state === 'disputed' && <MatchEvidence matchId={m.id} label={`Evidence for ${matchLabel(m)}`} />}
    </div>
  );
}
