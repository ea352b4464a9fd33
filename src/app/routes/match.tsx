// /matches/:id: the match room, phone-first and live for the two teams, the staff and spectators. The
// app layer composes it: the room itself (src/features/match-room: lobby, draft) and the bracket's
// match parts (its sides with the players and the captains' report, confirm and dispute actions).
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Container, Divider, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { liveBanner } from '@/lib/use-realtime';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { useMatchRoom } from '@/features/match-room/api/get-match-room';
import { MatchHeader } from '@/features/match-room/components/match-header';
import { LobbyPanel } from '@/features/match-room/components/lobby-panel';
import { DraftPanel } from '@/features/match-room/components/draft-panel';
import { MatchSides } from '@/features/bracket/components/match-sides';
import { loadChunk } from '@/lib/chunk';
import { LoadingSpinner } from '@/components/ui/loading-screen';

// The report, confirm and dispute forms (and their rules) come only for the match's two captains.
const CaptainActions = lazy(() =>
  loadChunk(() => import('@/features/bracket/components/captain-actions')).then((m) => ({ default: m.CaptainActions })),
);

export default function MatchRoute() {
  const { id = '' } = useParams();
  const { user, isAdmin } = useAuth();
  const room = useMatchRoom(id, user?.id ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const banner = liveBanner(room, room.live);
  const data = room.data;

  if (!data) {
    return (
      <Container size="sm" py="md">
        {room.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(room.error)}
          </Alert>
        ) : data === null ? (
          <Text>This match no longer exists.</Text>
        ) : (
          <LoadingSpinner label="Loading the match" />
        )}
      </Container>
    );
  }
  const { match, teams } = data;
  const names: [string, string] = [
    (match.team1_id && teams.get(match.team1_id)?.name) || 'to be decided',
    (match.team2_id && teams.get(match.team2_id)?.name) || 'to be decided',
  ];
  // The staff see the lobby; only the database decides what else they may do.
  const inRoom = data.member || isAdmin;
  const playable = match.team1_id !== null && match.team2_id !== null && match.state !== 'done';
  return (
    <Container size="sm" px="xs" py="md" data-live={room.live.status}>
      <Stack gap="lg">
        <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
        <MatchHeader room={data} names={names} />
        {inRoom && playable && <LobbyPanel room={data} names={names} staff={isAdmin} />}
        <DraftPanel room={data} names={names} staff={isAdmin} />
        <section aria-labelledby="teams-title">
          <Title order={2} size="h4" id="teams-title" mb="xs">
            Teams
          </Title>
          <MatchSides match={match} teams={teams} />
        </section>
        <Divider />
        <section aria-label="Result">
          <Stack gap="sm">
            {match.state === 'disputed' && (
              <Alert color="red" variant="light" title="Disputed">
                {match.dispute_comment} An administrator will settle this match.
              </Alert>
            )}
            {notice && (
              <Alert color="green" variant="light" role="status">
                {notice}
              </Alert>
            )}
            {data.mySide !== null && (
              <Suspense fallback={<LoadingSpinner size="sm" label="Loading the result form" />}>
                <CaptainActions
                  match={match}
                  tournamentId={match.tournament_id}
                  team1={names[0]}
                  team2={names[1]}
                  onNotice={setNotice}
                />
              </Suspense>
            )}
          </Stack>
        </section>
        {/* Evidence (issue 28, part 4): the screenshots and replays of each game go here. */}
      </Stack>
    </Container>
  );
}
