// A started tournament's matches for the administrator, grouped and ordered as the public bracket
// shows them and named as it names them (public.round_label), under "Needs attention": disputed and
// late matches. Each with its teams, score, winner, dispute and state, and Set result or Correct
// result once both teams are known.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { MatchEvidence } from '@/components/ui/match-evidence';
import { MATCH_STATE_LABELS, type Match } from '../api/get-matches';
import { groupMatches, matchLabel } from '../api/match-groups';

type Props = { matches: Match[]; name: (id: string | null) => string; onSettle: (match: Match) => void };

const LIST = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 } as const;

export function MatchList({ matches, name, onSettle }: Props) {
  const { attention, groups } = groupMatches(matches);
  const item = (m: Match) => <MatchItem key={m.id} match={m} name={name} onSettle={onSettle} />;
  return (
    <ul aria-label="Matches" style={{ ...LIST, gap: 16 }}>
      {attention.length > 0 && (
        <li>
          <Title order={4} size="h5" mb="xs" c="orange.4">
            Needs attention
          </Title>
          <ul aria-label="Needs attention" style={LIST}>
            {attention.map(item)}
          </ul>
        </li>
      )}
      {groups.map((group) => (
        <li key={group.key}>
          <Title order={4} size="h5" mb="xs">
            {group.title}
          </Title>
          <Stack gap="sm">
            {group.rounds.map((round) => (
              <div key={round.key}>
                <Text size="sm" fw={700} c="dimmed" mb={4}>
                  {round.label}
                </Text>
                <ul aria-label={round.label} style={LIST}>
                  {round.matches.map(item)}
                </ul>
              </div>
            ))}
          </Stack>
        </li>
      ))}
    </ul>
  );
}

function MatchItem({ match: m, name, onSettle }: { match: Match } & Omit<Props, 'matches'>) {
  return (
    <li aria-label={matchLabel(m)}>
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
