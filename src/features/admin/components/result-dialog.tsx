// Sets or corrects one match's result: the winner of each game (checked against the best-of as the
// database checks it), or the match awarded by forfeit or no-show. When later matches were played on
// the old result the database asks first; the admin confirms and the reset goes through.
import { useState } from 'react';
import { Button, Divider, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Divider.css';
import { FormError } from '@/components/ui/form-error';
import { MatchEvidence } from '@/components/ui/match-evidence';
import type { GameWinner } from '@/lib/best-of';
import type { Match } from '../api/get-matches';
import { matchLabel } from '../api/match-groups';
import { RESET_NEEDED_MESSAGE, resultSchema, type ForfeitReason } from '../api/set-match-result';
import { ForfeitFields, GameWinnerFields } from './result-fields';
import { useResultSave } from './use-result-save';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';

type Props = { tournamentId: string; match: Match; name: (id: string | null) => string; onDone: () => void };

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
  const { busy, shownFailure, awaitingReset, setAwaitingReset, send, clearFailure } = useResultSave(
    tournamentId,
    match.id,
    onDone,
  );

  const save = () => {
    clearFailure();
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
              <GameWinnerFields games={games} team1={team1} team2={team2} onChange={setGames} />
            ) : (
              <ForfeitFields
                teams={[
                  { value: match.team1_id!, label: team1 },
                  { value: match.team2_id!, label: team2 },
                ]}
                winner={forfeitWinner}
                reason={reason}
                onWinner={setForfeitWinner}
                onReason={setReason}
              />
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
