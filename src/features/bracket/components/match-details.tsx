// What the bracket's match dialog shows of one match: round, best-of and state, the planned games, the
// way to the match room and Discord, both sides, the reported games, and a captain's actions.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { useMatchDiscordLink } from '@/features/bracket/api/get-discord-link';
import { STATE_LABELS, teamName } from '@/features/bracket/components/bracket-layout';
import { CaptainActions } from '@/features/bracket/components/captain-actions';
import { MatchSides } from '@/features/bracket/components/match-sides';
import { PlannedGames, PlayedGames } from '@/features/bracket/components/match-games';
import { MatchEvidence } from '@/components/ui/match-evidence';

type Props = {
  match: Match;
  roundLabel: string;
  tournamentId: string;
  teams: Map<string, BracketTeam>;
  myTeamId: string | null;
};

export function MatchDetails({ match, roundLabel, tournamentId, teams, myTeamId }: Props) {
  const { user } = useAuth();
  const [notice, setNotice] = useState<string | null>(null);
  const discord = useMatchDiscordLink(tournamentId, user?.id ?? null);
  const a = teamName(teams, match.team1_id);
  const b = teamName(teams, match.team2_id);
  const captain = myTeamId !== null && (myTeamId === match.team1_id || myTeamId === match.team2_id);

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
      <PlannedGames maps={match.maps} />
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

      <PlayedGames games={match.games} a={a} b={b} />

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
