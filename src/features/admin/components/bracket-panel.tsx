// The bracket of one tournament for the administrator: Start tournament once check-in has closed
// (seeding, manual order, the first-round pairings before confirming), Reset bracket before the first
// result, the matches (disputed first) with results set, corrected or awarded by forfeit or no-show,
// and the result history.
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/InlineInput.css';
import { IconArrowDown, IconArrowUp, IconHistory, IconPlayerPlay, IconRotate } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import type { Tournament } from '@/lib/tournament';
import { teamDisplayName, type Team } from '../api/get-teams';
import { MATCH_STATE_LABELS, matchLabel, useMatches, type Match } from '../api/get-matches';
import {
  drawOrder,
  firstRound,
  groupsOf,
  playingTeams,
  SEEDING_LABELS,
  SEEDINGS,
  seededOrder,
  settleCheckIn,
  useSaveSeeds,
  useStartTournament,
  type Seeding,
} from '../api/start-tournament';
import { RESET_CONFIRM_MESSAGE, useResetTournament } from '../api/reset-tournament';
import { useResultChanges, type LoggedResult } from '../api/get-result-changes';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResultDialog } from './result-dialog';
import { RoundSettings } from './round-settings';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Table.css';

type Props = { tournament: Tournament; teams: Team[] };

/** When check-in closes: its own time, or the start. */
function checkInCloses(t: Tournament): Date | null {
  const at = t.checkin_closes_at ?? t.starts_at;
  return at ? new Date(at) : null;
}

/** The current time, ticking each `ms`, so a button enables itself when a time passes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export function BracketPanel({ tournament, teams }: Props) {
  const now = useNow(15_000);
  const started = tournament.started_at !== null;
  const closed = tournament.cancelled_at !== null;
  const matches = useMatches(tournament.id, started);
  const reset = useResetTournament(tournament.id);
  const [starting, setStarting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [preparing, setPreparing] = useState<{ pending: boolean; error: string | null }>({
    pending: false,
    error: null,
  });
  const [settling, setSettling] = useState<Match | null>(null);
  const [history, setHistory] = useState(false);
  const names = new Map(teams.map((t) => [t.id, teamDisplayName(t)]));
  const name = (id: string | null) => (id ? (names.get(id) ?? 'Removed team') : 'TBD');
  const closes = checkInCloses(tournament);
  const checkInClosed = !closes || closes.getTime() <= now;
  const anyResult = (matches.data ?? []).some((m) => m.confirmed_at !== null && !m.is_bye);

  if (closed) return null;

  const openStart = async () => {
    setPreparing({ pending: true, error: null });
    try {
      // Settle the close of check-in first, so the preview has the teams that will play.
      await settleCheckIn(tournament.id);
      setPreparing({ pending: false, error: null });
      setStarting(true);
    } catch (error) {
      setPreparing({ pending: false, error: errorMessage(error) });
    }
  };

  return (
    <Stack gap="md" mt="xl" component="section" aria-label="Bracket">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4">
          Bracket
        </Title>
        <Group gap="xs">
          {!started && (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              disabled={!checkInClosed}
              loading={preparing.pending}
              onClick={() => void openStart()}
            >
              Start tournament
            </Button>
          )}
          {started && tournament.completed_at === null && !anyResult && (
            <Button
              size="xs"
              variant="outline"
              color="orange"
              leftSection={<IconRotate size={14} aria-hidden />}
              onClick={() => {
                reset.reset();
                setResetting(true);
              }}
            >
              Reset bracket
            </Button>
          )}
          {started && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconHistory size={14} aria-hidden />}
              aria-pressed={history}
              onClick={() => setHistory((h) => !h)}
            >
              Result history
            </Button>
          )}
        </Group>
      </Group>
      {!started && !checkInClosed && closes && (
        <Text size="sm" c="dimmed">
          The tournament can start once check-in closes ({formatTime(closes)}).
        </Text>
      )}
      <FormError message={preparing.error} />

      {started && history && <ResultHistory tournamentId={tournament.id} name={name} matches={matches.data ?? []} />}

      {started &&
        (matches.isPending ? (
          <Text c="dimmed">Loading matches...</Text>
        ) : matches.isError ? (
          <FormError message={errorMessage(matches.error)} />
        ) : (
          <ul aria-label="Matches" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
            {matches.data.map((m) => (
              <li key={m.id} aria-label={matchLabel(m)}>
                <Card withBorder radius="md" padding="sm">
                  <Group justify="space-between" gap="xs" wrap="wrap">
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
                    </div>
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
                          onClick={() => setSettling(m)}
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
        ))}

      {started && matches.data && <RoundSettings tournament={tournament} matches={matches.data} />}

      {starting && <StartDialog tournament={tournament} teams={teams} onDone={() => setStarting(false)} />}
      {settling && (
        <ResultDialog tournamentId={tournament.id} match={settling} name={name} onDone={() => setSettling(null)} />
      )}
      <ConfirmDialog
        size="lg"
        opened={resetting}
        title="Reset bracket"
        message={RESET_CONFIRM_MESSAGE}
        confirmLabel="Reset bracket"
        busy={reset.isPending}
        error={reset.error ? errorMessage(reset.error) : null}
        onCancel={() => setResetting(false)}
        onConfirm={() => reset.mutate(tournament.id, { onSuccess: () => setResetting(false) })}
      />
    </Stack>
  );
}

function StartDialog({ tournament, teams, onDone }: { tournament: Tournament; teams: Team[]; onDone: () => void }) {
  const [seeding, setSeeding] = useState<Seeding>('random');
  const [grandFinalReset, setGrandFinalReset] = useState(true);
  const [groupSize, setGroupSize] = useState<number | null>(null);
  const double = tournament.format === 'double_elimination';
  const roundRobin = tournament.format === 'round_robin';
  const [drawn, setDrawn] = useState(() => drawOrder(playingTeams(teams)));
  const start = useStartTournament(tournament.id);
  const saveSeeds = useSaveSeeds(tournament.id);
  const seeded = seeding === 'random' ? drawn : seededOrder(teams, seeding);
  const groups = roundRobin ? groupsOf(seeded, groupSize) : [seeded];
  // Groups of 2 up to halves: every group plays, none is left with one team.
  const sizes = Array.from({ length: Math.max(0, Math.floor(seeded.length / 2) - 1) }, (_, i) => i + 2);

  const move = (index: number, by: -1 | 1) => {
    const order = [...seeded];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    saveSeeds.mutate(order);
  };

  return (
    <ConfirmDialog
      size="lg"
      opened
      title={`Start ${tournament.name}`}
      message={`${seeded.length} checked-in teams play. Check the first round, then start: the roster is locked after.`}
      confirmLabel="Start"
      color="brand"
      busy={start.isPending}
      error={start.error ? errorMessage(start.error) : saveSeeds.error ? errorMessage(saveSeeds.error) : null}
      onCancel={onDone}
      onConfirm={() =>
        start.mutate(
          {
            tournamentId: tournament.id,
            input: {
              seeding,
              grandFinalReset: double ? grandFinalReset : true,
              groupSize: roundRobin ? groupSize : null,
            },
            drawn: seeding === 'random' ? drawn : undefined,
          },
          { onSuccess: onDone },
        )
      }
    >
      <Radio.Group label="Seeding" value={seeding} onChange={(v) => setSeeding(v as Seeding)}>
        <Group gap="md" mt={6}>
          {SEEDINGS.map((s) => (
            <Radio key={s} value={s} label={SEEDING_LABELS[s]} />
          ))}
        </Group>
      </Radio.Group>
      {double && (
        <Checkbox
          label="Grand final reset"
          description="If the losers bracket's winner takes the grand final, a second final decides."
          checked={grandFinalReset}
          onChange={(e) => setGrandFinalReset(e.currentTarget.checked)}
        />
      )}
      {roundRobin && sizes.length > 0 && (
        <NativeSelect
          label="Groups"
          description="Teams that do not divide evenly join the groups; everyone plays everyone in their group."
          value={groupSize === null ? '' : String(groupSize)}
          onChange={(e) => setGroupSize(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          data={[
            { value: '', label: `One group of ${seeded.length}` },
            ...sizes.map((size) => ({
              value: String(size),
              label: `Groups of ${size} (${Math.floor(seeded.length / size)} groups)`,
            })),
          ]}
        />
      )}
      {seeding === 'random' && (
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => setDrawn(drawOrder(playingTeams(teams)))}>
            Draw again
          </Button>
        </Group>
      )}
      {seeding === 'manual' && (
        <ol aria-label="Seeds" style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)', display: 'grid', gap: 4 }}>
          {seeded.map((team, i) => (
            <li key={team.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text>{teamDisplayName(team)}</Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${teamDisplayName(team)} up`}
                    disabled={i === 0 || saveSeeds.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${teamDisplayName(team)} down`}
                    disabled={i === seeded.length - 1 || saveSeeds.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Text fw={600} size="sm" mb={4}>
          First round
        </Text>
        {seeded.length < 2 ? (
          <Text size="sm" c="dimmed">
            A tournament needs at least 2 checked-in teams to start.
          </Text>
        ) : (
          groups.map((group, g) => (
            <div key={g}>
              {groups.length > 1 && (
                <Text size="sm" c="dimmed" mt={4}>
                  Group {g + 1}
                </Text>
              )}
              <ol
                aria-label={groups.length > 1 ? `Group ${g + 1} first-round pairings` : 'First-round pairings'}
                style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)' }}
              >
                {firstRound(group, tournament.format).map((p) => (
                  <li key={p.position}>
                    {teamDisplayName(p.team1)} vs {p.team2 ? teamDisplayName(p.team2) : 'bye'}
                  </li>
                ))}
              </ol>
            </div>
          ))
        )}
      </div>
    </ConfirmDialog>
  );
}

const ACTION_LABELS: Record<string, string> = {
  confirmed: 'Confirmed by captains',
  set: 'Set by admin',
  forfeit: 'Forfeit',
  no_show: 'No-show',
  reset: 'Reset',
};

function ResultHistory({
  tournamentId,
  name,
  matches,
}: {
  tournamentId: string;
  name: (id: string | null) => string;
  matches: Match[];
}) {
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
