// The two sides of a match in its dialog: each team's name (and the winner's mark), its score and its
// players' in-game names; the second side of a bye reads "bye".
import { Badge, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { teamName } from '@/features/bracket/components/bracket-layout';

export function MatchSides({ match, teams }: { match: Match; teams: Map<string, BracketTeam> }) {
  const sides = [
    { id: match.team1_id, score: match.team1_score },
    { id: match.team2_id, score: match.team2_score },
  ];
  return (
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
  );
}
