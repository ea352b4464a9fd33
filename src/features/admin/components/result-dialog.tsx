// Sets or corrects one match's result: the winner of each game (checked against the best-of as the
// database checks it), or the match awarded by forfeit or no-show. When later matches were played on
// the old result the database asks first; the admin confirms and the reset goes through.
import { useState } from 'react';
import { Button, Divider, Group, Modal, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import { FormError } from '@/components/ui/form-error';
import { MatchEvidence } from '@/components/ui/match-evidence';
import { errorMessage } from '@/lib/errors';
import type { GameWinner } from '@/lib/best-of';
import type { Match } from '../api/get-matches';
import { matchLabel } from '../api/match-groups';
import {
  FORFEIT_REASONS,
  needsResetConfirmation,
  RESET_NEEDED_MESSAGE,
  resultSchema,
  useForfeitMatch,
  useSetMatchResult,
  type ForfeitReason,
} from '../api/set-match-result';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';

type Props = { tournamentId: string; match: Match; name: (id: string | null) => string; onDone: () => void };
type Pending =
  { kind: 'games'; games: { winner: GameWinner }[] } | { kind: 'forfeit'; winner: string; reason: ForfeitReason };

function initialGames(match: Match): string[] {
  const played = Array.isArray(match.games) ? (match.games as { winner?: number }[]) : [];
  return Array.from({ length: match.best_of }, (_, i) => (played[i]?.winner ? String(played[i]!.winner) : ''));
}

export function ResultDialog({ tournamentId, match, name, onDone }: Props) {
  const [games, setGames] = useState(() => initialGames(match));
  const [mode, setMode] = useState<'games' | 'forfeit'>('games');
  const [forfeitWinner, setForfeitWinner] = useState(match.team1_id!);
  const [reason, setReason] = useState<ForfeitReason>('forfeit');
  const [issue, setIssue] = useState<string | null>(null);
  // A save the database held back until the admin confirms resetting the later matches.
  const [awaitingReset, setAwaitingReset] = useState<Pending | null>(null);
  const setResult = useSetMatchResult(tournamentId);
  const forfeit = useForfeitMatch(tournamentId);
  const busy = setResult.isPending || forfeit.isPending;
  const failure = setResult.error ?? forfeit.error;
  const shownFailure = failure && !needsResetConfirmation(failure) ? errorMessage(failure) : null;

  const send = (pending: Pending, confirmReset: boolean) => {
    const options = {
      onSuccess: onDone,
      onError: (error: unknown) => setAwaitingReset(needsResetConfirmation(error) ? pending : null),
    };
    if (pending.kind === 'games') {
      setResult.mutate({ matchId: match.id, games: pending.games, confirmReset }, options);
    } else {
      forfeit.mutate(
        { matchId: match.id, winnerTeamId: pending.winner, reason: pending.reason, confirmReset },
        options,
      );
    }
  };

  const save = () => {
    setResult.reset();
    forfeit.reset();
    if (mode === 'forfeit') {
      send({ kind: 'forfeit', winner: forfeitWinner, reason }, false);
      return;
    }
    const played = games.filter((g) => g !== '').map((g) => ({ winner: Number(g) as GameWinner }));
    const parsed = resultSchema(match.best_of).safeParse({ games: played });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? 'Check the games.');
      return;
    }
    setIssue(null);
    send({ kind: 'games', games: parsed.data.games }, false);
  };

  const team1 = name(match.team1_id);
  const team2 = name(match.team2_id);
  return (
    <Modal.Root opened onClose={() => !busy && onDone()} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{match.confirmed_at ? 'Correct result' : 'Set result'}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {matchLabel(match)}: {team1} vs {team2}, best of {match.best_of}
            </Text>
            <MatchEvidence matchId={match.id} />
            <SegmentedControl
              value={mode}
              onChange={(v) => setMode(v as 'games' | 'forfeit')}
              data={[
                { value: 'games', label: 'Games played' },
                { value: 'forfeit', label: 'Forfeit or no-show' },
              ]}
            />
            {mode === 'games' ? (
              <Stack gap="xs">
                {games.map((g, i) => (
                  <NativeSelect
                    key={i}
                    label={`Game ${i + 1} winner`}
                    value={g}
                    onChange={(e) => setGames(games.map((x, j) => (j === i ? e.currentTarget.value : x)))}
                    data={[
                      { value: '', label: 'Not played' },
                      { value: '1', label: team1 },
                      { value: '2', label: team2 },
                    ]}
                  />
                ))}
              </Stack>
            ) : (
              <Stack gap="xs">
                <NativeSelect
                  label="Winner"
                  value={forfeitWinner}
                  onChange={(e) => setForfeitWinner(e.currentTarget.value)}
                  data={[
                    { value: match.team1_id!, label: team1 },
                    { value: match.team2_id!, label: team2 },
                  ]}
                />
                <NativeSelect
                  label="Reason"
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value as ForfeitReason)}
                  data={FORFEIT_REASONS.map((r) => ({
                    value: r,
                    label: r === 'forfeit' ? 'The other team forfeited' : 'The other team did not show up',
                  }))}
                />
              </Stack>
            )}
            <FormError message={issue ?? shownFailure} />
            {awaitingReset ? (
              <Stack gap="sm">
                <Divider />
                <Text role="alert" fw={600}>
                  {RESET_NEEDED_MESSAGE}
                </Text>
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" disabled={busy} onClick={() => setAwaitingReset(null)} data-autofocus>
                    Keep them
                  </Button>
                  <Button color="red.9" loading={busy} onClick={() => send(awaitingReset, true)}>
                    Reset later matches and save
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onDone} disabled={busy}>
                  Cancel
                </Button>
                <Button loading={busy} onClick={save}>
                  Save result
                </Button>
              </Group>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
