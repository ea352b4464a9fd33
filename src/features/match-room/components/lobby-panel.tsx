// The lobby, for the two teams and the staff only (the database sends the code to no one else): the
// host captain's friendly-room code or invite link, each team's ready mark, and for the staff how long
// a team has kept the other waiting.
import { Anchor, Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import type { MatchRoom } from '@/features/match-room/api/get-match-room';
import { useMarkReady } from '@/features/match-room/api/mark-ready';
import { lazy, Suspense } from 'react';
import { loadChunk } from '@/lib/chunk';

// The form and its rules (zod) come only for the host captain and the staff.
const LobbyCodeForm = lazy(() =>
  loadChunk(() => import('@/features/match-room/components/lobby-code-form')).then((m) => ({
    default: m.LobbyCodeForm,
  })),
);

function minutesSince(iso: string): number {
  return Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60000));
}

export function LobbyPanel({ room, names, staff }: { room: MatchRoom; names: [string, string]; staff: boolean }) {
  const ready = useMarkReady(room.match.id);
  const { lobby, mySide, match } = room;
  const host = names[match.lobby_host - 1];
  const code = lobby?.code ?? null;
  const readyAt = [lobby?.team1_ready_at ?? null, lobby?.team2_ready_at ?? null];
  const mine = mySide ? readyAt[mySide - 1] : null;
  const started = room.draft !== null;
  return (
    <section aria-labelledby="lobby-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lobby-title">
          Lobby
        </Title>
        {code ? (
          <Group gap="xs">
            <Text size="sm">Room:</Text>
            {/^https:\/\//.test(code) ? (
              <Anchor href={code} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {code}
              </Anchor>
            ) : (
              <Code fz="lg" aria-label="Room code">
                {code}
              </Code>
            )}
          </Group>
        ) : (
          <Text size="sm">Waiting for {host} to post the room code.</Text>
        )}
        {(mySide === match.lobby_host || staff) && (
          <Suspense fallback={null}>
            <LobbyCodeForm matchId={match.id} posted={code !== null} />
          </Suspense>
        )}
        <Group gap="xs">
          {names.map((name, i) => (
            <Badge
              key={i}
              variant={readyAt[i] ? 'filled' : 'outline'}
              color={readyAt[i] ? 'green.4' : 'gray'}
              tt="none"
            >
              {name}: {readyAt[i] ? 'ready' : 'not ready'}
              {staff && !readyAt[i] && lobby ? ` (${minutesSince(lobby.opened_at)} min)` : ''}
            </Badge>
          ))}
        </Group>
        <FormError message={ready.error ? errorMessage(ready.error) : null} />
        {mySide !== null && !started && (
          <Button
            variant={mine ? 'default' : 'filled'}
            loading={ready.isPending}
            onClick={() => ready.mutate(!mine)}
            style={{ alignSelf: 'flex-start' }}
          >
            {mine ? 'Not ready yet' : 'We are ready'}
          </Button>
        )}
      </Stack>
    </section>
  );
}
