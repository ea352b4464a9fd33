// The draft as everyone in the room follows it: whose turn it is and the time left, the acting
// captain's choices, the board, and once a game's draft is done the buttons its captains record the
// winner with (the next game's draft then opens, the loser picking its map).
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import type { MatchRoom } from '@/features/match-room/api/get-match-room';
import { useBrawlers } from '@/features/match-room/api/get-brawlers';
import { useRecordGame } from '@/features/match-room/api/record-game';
import { hasChosen, openChoices, STEP_LABELS } from '@/features/match-room/draft-view';
import { ChoicePicker } from '@/features/match-room/components/choice-picker';
import { DraftBoard } from '@/features/match-room/components/draft-board';
import { StepTimer } from '@/features/match-room/components/step-timer';

const KINDS: Record<string, string> = { maps: 'Map draft', full: 'Full draft' };

export function DraftPanel({ room, names, staff }: { room: MatchRoom; names: [string, string]; staff: boolean }) {
  const brawlers = useBrawlers();
  const record = useRecordGame(room.match.id);
  const { draft, roundDraft, mySide } = room;
  if (!draft) {
    if (!roundDraft || roundDraft.kind === 'off') return null;
    return (
      <section aria-labelledby="draft-title">
        <Title order={2} size="h4" id="draft-title">
          {KINDS[roundDraft.kind]}
        </Title>
        <Text size="sm">The draft starts when both teams are ready.</Text>
      </section>
    );
  }
  const game = draft.status === 'playing' ? draft.winners.length + 1 : draft.game;
  const acting = draft.status === 'drafting' && mySide !== null && (draft.side === 0 || draft.side === mySide);
  const chosen = mySide !== null && hasChosen(draft, room.actions, mySide);
  const whose = draft.side === 0 ? 'Both teams' : names[(draft.side ?? 1) - 1];
  return (
    <section aria-labelledby="draft-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="draft-title">
          {KINDS[draft.settings.kind]}
        </Title>
        {draft.status === 'drafting' && draft.step !== null && draft.deadline && (
          <Group justify="space-between" wrap="nowrap" role="status" aria-label="Turn">
            <Text fw={700}>
              {game > 0 ? `Game ${game}: ` : ''}
              {acting && !chosen ? 'Your turn' : whose}: {STEP_LABELS[draft.action ?? ''] ?? draft.action}
              {chosen ? ' (waiting for the other team)' : ''}
            </Text>
            <StepTimer matchId={room.match.id} deadline={draft.deadline} total={draft.settings.step_seconds} />
          </Group>
        )}
        {acting && !chosen && draft.step !== null && brawlers.data && (
          <ChoicePicker
            matchId={room.match.id}
            step={draft.step}
            verb={STEP_LABELS[draft.action ?? ''] ?? 'choose'}
            choices={openChoices(draft, room.actions, brawlers.data, mySide)}
          />
        )}
        {draft.status === 'playing' && (
          <Alert variant="light" role="status" title={`Game ${game}: play it`}>
            <Stack gap="xs">
              <Text size="sm">Once it is over, either side records the winner; the next game&apos;s draft opens.</Text>
              <FormError message={record.error ? errorMessage(record.error) : null} />
              {(mySide !== null || staff) && (
                <Group gap="xs">
                  {names.map((name, i) => (
                    <Button
                      key={i}
                      size="xs"
                      loading={record.isPending}
                      onClick={() => record.mutate({ game, winner: (i + 1) as 1 | 2 })}
                    >
                      {name} won game {game}
                    </Button>
                  ))}
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {draft.status === 'done' && <Text role="status">The draft is over: report the result below.</Text>}
        <DraftBoard actions={room.actions} brawlers={brawlers.data ?? []} names={names} winners={draft.winners} />
      </Stack>
    </section>
  );
}
