// A Swiss tournament's standings from public.swiss_standings(): rank, wins (a bye counts), losses,
// Buchholz (the wins of the opponents met) and game difference, in the order that pairs the rounds
// and seeds the top cut.
import { Table, Title } from '@mantine/core';
import type { BracketTeam, SwissStanding } from '@/features/bracket/api/get-bracket';
import { teamName } from '@/features/bracket/components/bracket-layout';
import '@mantine/core/styles/Table.css';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function SwissStandingsTable({
  standings,
  teams,
}: {
  standings: SwissStanding[];
  teams: Map<string, BracketTeam>;
}) {
  return (
    <div>
      <Title order={3} size="h5" id="swiss-standings" mb="xs">
        Swiss standings
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-labelledby="swiss-standings" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rank</Table.Th>
              <Table.Th scope="col">Team</Table.Th>
              <Table.Th scope="col">
                <abbr title="Wins">W</abbr>
              </Table.Th>
              <Table.Th scope="col">
                <abbr title="Losses">L</abbr>
              </Table.Th>
              <Table.Th scope="col">Buchholz</Table.Th>
              <Table.Th scope="col">
                <abbr title="Game difference">+/-</abbr>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {standings.map((s) => (
              <Table.Tr key={s.teamId}>
                <Table.Td>{s.rank}</Table.Td>
                <Table.Th scope="row" fw={400}>
                  {teamName(teams, s.teamId)}
                  {s.byes > 0 ? ' (bye)' : ''}
                </Table.Th>
                <Table.Td>{s.wins}</Table.Td>
                <Table.Td>{s.losses}</Table.Td>
                <Table.Td>{s.buchholz}</Table.Td>
                <Table.Td>{signed(s.gameDifference)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
