// The start dialog's two lists: the seeds in the admin's own order (moved up or down, saved as they
// move), and the first round's pairings, per group in a round robin.
import { ActionIcon, Group, Text } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { teamDisplayName, type Team } from '../api/get-teams';
import { firstRound } from '@/lib/bracket-preview';

type SeedsProps = { seeded: Team[]; saving: boolean; onReorder: (order: Team[]) => void };

export function ManualSeeds({ seeded, saving, onReorder }: SeedsProps) {
  const move = (index: number, by: -1 | 1) => {
    const order = [...seeded];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    onReorder(order);
  };
  return (
    <ol aria-label="Seeds" style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)', display: 'grid', gap: 4 }}>
      {seeded.map((team, i) => (
        <li key={team.id}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text>{teamDisplayName(team)}</Text>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${teamDisplayName(team)} up`}
                disabled={i === 0 || saving}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move ${teamDisplayName(team)} down`}
                disabled={i === seeded.length - 1 || saving}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </li>
      ))}
    </ol>
  );
}

export function FirstRound({ groups, format }: { groups: Team[][]; format: string }) {
  const teams = groups.reduce((n, g) => n + g.length, 0);
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        First round
      </Text>
      {teams < 2 ? (
        <Text size="sm" c="dimmed">
          A tournament needs at least 2 checked-in teams to start.
        </Text>
      ) : (
        groups.map((group, g) => (
          <div key={g}>
            {groups.length > 1 && (
              <Text size="sm" c="dimmed" mt={4}>
                Group {g + 1}
              </Text>
            )}
            <ol
              aria-label={groups.length > 1 ? `Group ${g + 1} first-round pairings` : 'First-round pairings'}
              style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)' }}
            >
              {firstRound(group, format).map((p) => (
                <li key={p.position}>
                  {teamDisplayName(p.team1)} vs {p.team2 ? teamDisplayName(p.team2) : 'bye'}
                </li>
              ))}
            </ol>
          </div>
        ))
      )}
    </div>
  );
}
