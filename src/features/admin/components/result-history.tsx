// A started tournament's result history for the administrator: every result set, confirmed,
// corrected, awarded or reset, newest first, with who did it and the result before and after.
import { Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import type { Match } from '../api/get-matches';
import { matchLabel } from '../api/match-groups';
import { useResultChanges, type LoggedResult } from '../api/get-result-changes';

const ACTION_LABELS: Record<string, string> = {
  confirmed: 'Confirmed by captains',
  set: 'Set by admin',
  forfeit: 'Forfeit',
  no_show: 'No-show',
  reset: 'Reset',
};

type Props = { tournamentId: string; name: (id: string | null) => string; matches: Match[] };

export function ResultHistory({ tournamentId, name, matches }: Props) {
  const changes = useResultChanges(tournamentId, true);
  const labels = new Map(matches.map((m) => [m.id, matchLabel(m)]));
  // The winner's games first: "Amber won 2-1".
  const result = (r: LoggedResult) => {
    if (!r || !r.winner_id) return '—';
    if (r.team1_score === null || r.team2_score === null) return `${name(r.winner_id)} won`;
    const [high, low] = [Math.max(r.team1_score, r.team2_score), Math.min(r.team1_score, r.team2_score)];
    return `${name(r.winner_id)} won ${high}-${low}`;
  };
  if (changes.isPending) return <Text c="dimmed">Loading result history...</Text>;
  if (changes.isError) return <FormError message={errorMessage(changes.error)} />;
  if (changes.data.length === 0) return <Text c="dimmed">No results yet.</Text>;
  return (
    // A focusable scroll box: on a phone the table scrolls sideways, by keyboard too.
    <div role="region" aria-label="Result history, scrollable" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table aria-label="Result history" striped miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Match</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.data.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{formatTime(c.changed_at)}</Table.Td>
              <Table.Td>{c.changed_by_name ?? 'Removed account'}</Table.Td>
              <Table.Td>{labels.get(c.match_id) ?? 'Removed match'}</Table.Td>
              <Table.Td>{ACTION_LABELS[c.action] ?? c.action}</Table.Td>
              <Table.Td>{result(c.before)}</Table.Td>
              <Table.Td>{result(c.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
