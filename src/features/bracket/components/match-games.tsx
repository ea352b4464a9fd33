// A match's games in the bracket dialog: the modes and maps the administrator planned for the round,
// and the games reported so far with who won each.
import { List, Title } from '@mantine/core';
import { z } from '@/lib/zod';

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

export function PlannedGames({ maps }: { maps: unknown }) {
  const planned = plannedGames(maps);
  if (planned.length === 0) return null;
  return (
    <List type="ordered" size="sm" aria-label="Modes and maps">
      {planned.map((g, i) => (
        <List.Item key={i}>{g}</List.Item>
      ))}
    </List>
  );
}

export function PlayedGames({ games: stored, a, b }: { games: unknown; a: string; b: string }) {
  const games = gamesSchema.parse(stored);
  if (games.length === 0) return null;
  return (
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
  );
}
