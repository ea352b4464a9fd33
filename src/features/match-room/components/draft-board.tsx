// Every choice the viewer may see, set by set and game by game: the blind global bans (the other
// team's hidden until both are in: the database does not send them), the map bans, then each game's
// map, bans and picks per team. A choice made at a deadline is marked "timer". Plain tables: Mantine's
// Table brings its scroll container (about 15 KB) to a screen that needs none.
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Brawler } from '@/features/match-room/api/get-brawlers';
import { draftGames, type DraftAction } from '@/features/match-room/draft-view';

const TABLE = {
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'collapse',
  fontSize: 'var(--mantine-font-size-sm)',
} as const;
const HEAD = { width: '28%', textAlign: 'left', verticalAlign: 'top', padding: '4px 6px' } as const;
const CELL = { textAlign: 'left', verticalAlign: 'top', padding: '4px 6px' } as const;

type Props = { actions: DraftAction[]; brawlers: Brawler[]; names: [string, string]; winners: number[] };

export function DraftBoard({ actions, brawlers, names, winners }: Props) {
  const byId = new Map(brawlers.map((b) => [b.id, b.name]));
  const games = draftGames(actions);
  const label = (a: DraftAction) => (
    <Text size="sm" key={`${a.step}-${a.side}`} style={{ overflowWrap: 'anywhere' }}>
      {byId.get(a.choice) ?? a.choice}
      {a.auto && (
        <Badge ml={4} size="xs" variant="outline" color="gray">
          timer
        </Badge>
      )}
    </Text>
  );
  const cells = (list: DraftAction[], side: number) => list.filter((a) => a.side === side).map(label);
  const row = (title: string, list: DraftAction[]) =>
    list.length > 0 && (
      <tr key={title}>
        <th scope="row" style={HEAD}>
          {title}
        </th>
        <td style={CELL}>{cells(list, 1)}</td>
        <td style={CELL}>{cells(list, 2)}</td>
      </tr>
    );
  const set = games.get(0) ?? [];
  const sections = [...games.keys()].filter((g) => g > 0);
  if (actions.length === 0) return null;
  return (
    <Stack gap="sm">
      {set.length > 0 && (
        <table aria-label="Bans for the set" style={TABLE}>
          <thead>
            <tr>
              <th style={HEAD}>Set</th>
              <th style={CELL}>{names[0]}</th>
              <th style={CELL}>{names[1]}</th>
            </tr>
          </thead>
          <tbody>
            {row(
              'Global bans',
              set.filter((a) => a.action === 'global_ban'),
            )}
            {row(
              'Map bans',
              set.filter((a) => a.action === 'map_ban'),
            )}
          </tbody>
        </table>
      )}
      {sections.map((g) => {
        const list = games.get(g) ?? [];
        const map = list.find((a) => a.action === 'map_pick');
        const winner = winners[g - 1];
        return (
          <section key={g} aria-label={`Game ${g}`}>
            <Group gap="xs">
              <Title order={3} size="h6">
                Game {g}
              </Title>
              {map && <Text size="sm">{map.choice}</Text>}
              {winner && (
                <Badge size="sm" color="green.4" variant="filled" tt="none">
                  {names[winner - 1]} won
                </Badge>
              )}
            </Group>
            <table style={TABLE}>
              <tbody>
                {row(
                  'Bans',
                  list.filter((a) => a.action === 'ban'),
                )}
                {row(
                  'Picks',
                  list.filter((a) => a.action === 'pick'),
                )}
              </tbody>
            </table>
          </section>
        );
      })}
    </Stack>
  );
}
