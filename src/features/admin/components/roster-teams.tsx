// The roster's two lists: registered teams (each expands to its players and their player IDs), each
// with Check in/out and Remove while the roster is open, and the waitlist in its order, with Remove
// only: a waitlisted team holds no slot to check in for (its captain's own check-in during the window
// still makes it the first stand-in, which the badge says).
import { Accordion, Badge, Button, Code, Group, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconUserMinus } from '@tabler/icons-react';
import { formatTime } from '@/lib/schedule';
import { teamDisplayName, type Team } from '../api/get-teams';
import type { useSetCheckIn } from '../api/set-check-in';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Code.css';

/** What a team's buttons do; null once the roster is closed. */
export type TeamActionsProps = {
  checkIn: ReturnType<typeof useSetCheckIn>;
  onRemove: (team: Team) => void;
} | null;

type Props = { teams: Team[]; actions: TeamActionsProps };

export function RegisteredTeams({ teams, actions }: Props) {
  return (
    <section aria-label="Registered teams">
      <Title order={3} size="h5" mb="xs">
        Registered
      </Title>
      <Accordion variant="separated" radius="md" multiple chevronPosition="right">
        {teams.map((team) => (
          <Accordion.Item key={team.id} value={team.id}>
            {/* On a phone the actions go under the team rather than squeezing its name. */}
            <Group wrap="wrap" gap="xs" pr="xs" pb={4} justify="flex-end">
              <Accordion.Control style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {teamDisplayName(team)}
                  </Text>
                  <Group gap={6}>
                    {team.checked_in_at && <CheckedIn />}
                    <Text size="xs" c="dimmed" component="span">
                      Registered {formatTime(team.registered_at)}
                    </Text>
                  </Group>
                </Group>
              </Accordion.Control>
              <TeamActions team={team} actions={actions} />
            </Group>
            <Accordion.Panel>
              <Players team={team} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}

export function Waitlist({ teams, actions }: Props) {
  return (
    <section aria-label="Waitlist">
      <Title order={3} size="h5" mb="xs">
        Waitlist
      </Title>
      <ol style={{ margin: 0, paddingLeft: 'var(--mantine-spacing-lg)', display: 'grid', gap: 6 }}>
        {teams.map((team) => (
          <li key={team.id} aria-label={teamDisplayName(team)}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {teamDisplayName(team)}
                </Text>
                {team.checked_in_at && <CheckedIn />}
              </Group>
              <TeamActions team={team} actions={actions} waitlisted />
            </Group>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CheckedIn() {
  return (
    <Badge color="green" variant="light" size="sm" radius="sm">
      Checked in
    </Badge>
  );
}

function Players({ team }: { team: Team }) {
  return (
    <ul
      aria-label={`Players of ${teamDisplayName(team)}`}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-xs)' }}
    >
      {team.team_players.map((p) => (
        <li key={p.slot}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge variant="outline" color="gray" size="sm" radius="sm" style={{ flexShrink: 0 }}>
                Player {p.slot}
              </Badge>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.in_game_name}
              </Text>
            </Group>
            <Code fz="sm">{p.player_id}</Code>
          </Group>
        </li>
      ))}
    </ul>
  );
}

function TeamActions({
  team,
  actions,
  waitlisted = false,
}: {
  team: Team;
  actions: TeamActionsProps;
  waitlisted?: boolean;
}) {
  if (!actions) return null;
  const { checkIn, onRemove } = actions;
  const name = teamDisplayName(team);
  const checkedIn = team.checked_in_at !== null;
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      {!waitlisted && <CheckInButton team={team} name={name} checkedIn={checkedIn} checkIn={checkIn} />}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={`Remove ${name}`}
        leftSection={<IconUserMinus size={14} aria-hidden />}
        onClick={() => onRemove(team)}
      >
        Remove
      </Button>
    </Group>
  );
}

type CheckInProps = {
  team: Team;
  name: string;
  checkedIn: boolean;
  checkIn: NonNullable<TeamActionsProps>['checkIn'];
};

function CheckInButton({ team, name, checkedIn, checkIn }: CheckInProps) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={checkedIn ? 'gray' : 'green'}
      aria-label={`${checkedIn ? 'Check out' : 'Check in'} ${name}`}
      leftSection={checkedIn ? <IconCircleX size={14} aria-hidden /> : <IconCircleCheck size={14} aria-hidden />}
      loading={checkIn.isPending && checkIn.variables?.teamId === team.id}
      onClick={() => checkIn.mutate({ teamId: team.id, checkedIn: !checkedIn })}
    >
      {checkedIn ? 'Check out' : 'Check in'}
    </Button>
  );
}
