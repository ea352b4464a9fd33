// Standings from public.standings(): placement, wins, losses, game difference and seed (round robin's
// last tiebreak) per team, one table per group. Once the tournament is complete, the champion's row is highlighted and says so.
// On a phone the table fits the screen: tighter cells, long names wrap, and the seed column (a
// tiebreak few look for) is left out; should it still be wider, it scrolls inside its own box.
import { Badge, Box, Table, Title } from '@mantine/core';
import type { BracketTeam, Standing } from '@/features/bracket/api/get-bracket';
import { teamName } from '@/features/bracket/components/bracket-layout';
import classes from '@/features/bracket/components/bracket.module.css';
import '@mantine/core/styles/Table.css';

type Props = {
  standings: Standing[];
  teams: Map<string, BracketTeam>;
  /** The table's caption, e.g. "Standings" or "Group 2 standings". */
  caption: string;
  /** Highlight first place as the champion (a completed tournament). */
  champion: boolean;
  /** A 1v1: each row is a player. */
  solo?: boolean;
};

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function StandingsTable({ standings, teams, caption, champion, solo = false }: Props) {
  const headingId = `standings-${caption.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {caption}
      </Title>
      <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table aria-labelledby={headingId} striped highlightOnHover horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Place</Table.Th>
              <Table.Th scope="col">{solo ? 'Player' : 'Team'}</Table.Th>
              <Table.Th scope="col">
                <abbr title="Wins">W</abbr>
              </Table.Th>
              <Table.Th scope="col">
                <abbr title="Losses">L</abbr>
              </Table.Th>
              <Table.Th scope="col">
                <abbr title="Game difference">+/-</abbr>
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Seed
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {standings.map((s) => {
              const isChampion = champion && s.placement === 1;
              return (
                <Table.Tr key={s.teamId} className={isChampion ? classes.champion : undefined}>
                  <Table.Td>{s.placement}</Table.Td>
                  <Table.Th scope="row" fw={isChampion ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                    {teamName(teams, s.teamId)}
                    {isChampion && (
                      <Badge ml="xs" color="yellow" variant="filled" size="sm">
                        Champion
                      </Badge>
                    )}
                  </Table.Th>
                  <Table.Td>{s.wins}</Table.Td>
                  <Table.Td>{s.losses}</Table.Td>
                  <Table.Td>{signed(s.gameDifference)}</Table.Td>
                  <Table.Td visibleFrom="sm">{s.seed ?? '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Box>
    </div>
  );
}
