// A match opened from the bracket: both teams with their players' in-game names, the round, the
// best-of and each game's mode and map as the administrator set them, the state and the reported
// games, and for the tournament's players the Discord invite where the two sides meet. For one of the
// match's two captains it is also where the result is reported, then confirmed or disputed by the
// other captain.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { z } from '@/lib/zod';
import { Alert, Anchor, Badge, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { useMatchDiscordLink } from '@/features/bracket/api/get-discord-link';
import { STATE_LABELS, teamName } from '@/features/bracket/components/bracket-layout';
import { CaptainActions } from '@/features/bracket/components/captain-actions';
import { MatchSides } from '@/features/bracket/components/match-sides';
import { MatchEvidence } from '@/components/ui/match-evidence';
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
  const [notice, setNotice] = useState<string | null>(null);
  const discord = useMatchDiscordLink(tournamentId, user?.id ?? null);
  const a = teamName(teams, match.team1_id);
  const b = teamName(teams, match.team2_id);
  const captain = myTeamId !== null && (myTeamId === match.team1_id || myTeamId === match.team2_id);
  const games = gamesSchema.parse(match.games);
  const planned = plannedGames(match.maps);

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
      {!match.is_bye && match.team1_id && match.team2_id && (
        <Anchor component={Link} to={paths.match(match.id)} size="sm" fw={700}>
          Open the match room (lobby and draft)
        </Anchor>
      )}
      {discord.data && (
        <Anchor href={discord.data} target="_blank" rel="noopener noreferrer" size="sm">
          Meet in the tournament&apos;s Discord
        </Anchor>
      )}

      <MatchSides match={match} teams={teams} />

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

      {captain && <CaptainActions match={match} tournamentId={tournamentId} team1={a} team2={b} onNotice={setNotice} />}
      {captain && !match.is_bye && match.team1_id && match.team2_id && (
        <MatchEvidence matchId={match.id} canAttach={match.confirmed_at === null} />
      )}
    </Stack>
  );
}
