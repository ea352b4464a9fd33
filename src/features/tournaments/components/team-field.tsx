// The teams that hold a slot, as anyone may see them: the team's name (a 1v1 entry is its player's
// in-game name), its players' in-game names, and whether it has checked in.
import { Badge, Group, List, Text } from '@mantine/core';
import type { FieldTeam } from '../api/get-tournament-teams';

export function TeamField({ teams, solo }: { teams: FieldTeam[]; solo: boolean }) {
  if (teams.length === 0) {
    return <Text c="dimmed">No teams have registered yet.</Text>;
  }
  return (
    <List spacing="xs" listStyleType="decimal" aria-label="Registered teams">
      {teams.map((team) => {
        const name = solo ? (team.in_game_names[0] ?? 'Player') : (team.team_name ?? 'Team');
        return (
          <List.Item key={team.team_id}>
            <Group gap="xs" wrap="wrap">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {!solo && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {team.in_game_names.join(', ')}
                </Text>
              )}
              {team.checked_in && (
                <Badge color="green" variant="light" tt="none" size="sm">
                  Checked in
                </Badge>
              )}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
