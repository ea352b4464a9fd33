// A match opened from the bracket: both teams with their players' in-game names, the round, the
// best-of and each game's mode and map as the administrator set them, the state and the reported
// games, and for the tournament's players the Discord invite where the two sides meet. For one of the
// match's two captains it is also where the result is reported, then confirmed or disputed by the
// other captain.
import { useState } from 'react';
import { z } from '@/lib/zod';
import { Alert, Anchor, Badge, Button, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { useConfirmMatch } from '@/features/bracket/api/confirm-match';
import { useMatchDiscordLink } from '@/features/bracket/api/get-discord-link';
import { STATE_LABELS, teamName } from '@/features/bracket/components/bracket-layout';
import { ReportForm } from '@/features/bracket/components/report-form';
import { DisputeForm } from '@/features/bracket/components/dispute-form';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';

// Games as stored; mode and map appear when the round has them.
const gamesSchema = z
  .array(
    z.object({
      winner: z.union([z.literal(1), z.literal(2)]),
      mode: z.string().optional(),
      map: z.string().optional(),
    }),
  )
  .catch([]);

// The round's games as the administrator set them (matches.maps): an optional mode and map each.
const mapsSchema = z
  .array(
    z
      .object({ mode: z.string().nullable().catch(null), map: z.string().nullable().catch(null) })
      .catch({ mode: null, map: null }),
  )
  .catch([]);

/** "Gem Grab · Hard Rock Mine" for each game up to the last one set; "Any mode" for a game left open. */
function plannedGames(maps: unknown): string[] {
  const games = mapsSchema.parse(maps).map((g) => [g.mode ?? 'Any mode', g.map].filter(Boolean).join(' · '));
  while (games.at(-1) === 'Any mode') games.pop();
  return games;
}

type Props = {
  match: Match | null;
  roundLabel: string;
  tournamentId: string;
  teams: Map<string, BracketTeam>;
  myTeamId: string | null;
  onClose: () => void;
};

export function MatchDialog({ match, roundLabel, tournamentId, teams, myTeamId, onClose }: Props) {
  const a = match ? teamName(teams, match.team1_id) : '';
  const b = match ? (match.is_bye ? 'bye' : teamName(teams, match.team2_id)) : '';
  return (
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={match !== null} onClose={onClose} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{`${a} vs ${b}`}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {match && (
            <MatchDetails
              key={match.id}
              match={match}
              roundLabel={roundLabel}
              tournamentId={tournamentId}
              teams={teams}
              myTeamId={myTeamId}
            />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function MatchDetails({
  match,
  roundLabel,
  tournamentId,
  teams,
  myTeamId,
}: Omit<Props, 'onClose' | 'match'> & { match: Match }) {
  const { user } = useAuth();
  const [action, setAction] = useState<'report' | 'dispute' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const confirm = useConfirmMatch(tournamentId);
  const discord = useMatchDiscordLink(tournamentId, user?.id ?? null);
  const a = teamName(teams, match.team1_id);
  const b = teamName(teams, match.team2_id);
  const captain = myTeamId !== null && (myTeamId === match.team1_id || myTeamId === match.team2_id);
  const reportedByMe = match.reported_by !== null && match.reported_by === user?.id;
  const games = gamesSchema.parse(match.games);
  const planned = plannedGames(match.maps);

  const sides = [
    { id: match.team1_id, score: match.team1_score },
    { id: match.team2_id, score: match.team2_score },
  ];

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {roundLabel} · Best of {match.best_of}
        </Text>
        <Badge variant="light" color={match.state === 'disputed' ? 'red' : match.state === 'done' ? 'green' : 'brand'}>
          {match.is_bye ? 'bye' : (STATE_LABELS[match.state] ?? match.state)}
        </Badge>
      </Group>
      {planned.length > 0 && (
        <List type="ordered" size="sm" aria-label="Modes and maps">
          {planned.map((g, i) => (
            <List.Item key={i}>{g}</List.Item>
          ))}
        </List>
      )}
      {discord.data && (
        <Anchor href={discord.data} target="_blank" rel="noopener noreferrer" size="sm">
          Meet in the tournament&apos;s Discord
        </Anchor>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {sides.map((side, i) => {
          const team = side.id ? teams.get(side.id) : undefined;
          const name = match.is_bye && i === 1 ? 'bye' : teamName(teams, side.id);
          return (
            <section key={i} aria-label={name}>
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                  {match.state === 'done' && side.id !== null && side.id === match.winner_id && (
                    <Badge ml="xs" size="sm" color="green.4" variant="filled">
                      Winner
                    </Badge>
                  )}
                </Title>
                {side.score !== null && (
                  <Text fw={700} size="xl" aria-label={`${name} score`}>
                    {side.score}
                  </Text>
                )}
              </Group>
              {team && team.inGameNames.length > 0 && (
                <List size="sm" c="dimmed" aria-label={`Players of ${name}`} listStyleType="none">
                  {team.inGameNames.map((n, k) => (
                    <List.Item key={k}>{n}</List.Item>
                  ))}
                </List>
              )}
            </section>
          );
        })}
      </SimpleGrid>

      {games.length > 0 && (
        <div>
          <Title order={3} size="h6" mb={4}>
            Games
          </Title>
          <List type="ordered" size="sm">
            {games.map((g, i) => (
              <List.Item key={i}>
                {g.winner === 1 ? a : b} won{g.mode ? ` · ${g.mode}` : ''}
                {g.map ? ` · ${g.map}` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      )}

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

      {captain && action === 'report' && (
        <ReportForm
          match={match}
          tournamentId={tournamentId}
          team1={a}
          team2={b}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setNotice('Result sent. The other captain confirms it.');
          }}
        />
      )}
      {captain && action === 'dispute' && (
        <DisputeForm
          matchId={match.id}
          tournamentId={tournamentId}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setNotice('Dispute sent. An administrator will settle this match.');
          }}
        />
      )}

      {captain && action === null && (
        <>
          <FormError message={confirm.error ? errorMessage(confirm.error) : null} />
          {match.state === 'ready' && <Button onClick={() => setAction('report')}>Report result</Button>}
          {match.state === 'awaiting_confirmation' && reportedByMe && (
            <Text size="sm">You reported this result. The other captain confirms or disputes it.</Text>
          )}
          {match.state === 'awaiting_confirmation' && !reportedByMe && (
            <Group gap="xs">
              {/* green.4 takes dark text (autoContrast); white on Mantine's green reads at 2:1. */}
              <Button
                color="green.4"
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(
                    { matchId: match.id, reportVersion: match.report_version },
                    { onSuccess: () => setNotice('Result confirmed.') },
                  )
                }
              >
                Confirm
              </Button>
              <Button color="red" variant="light" onClick={() => setAction('dispute')}>
                Dispute
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
