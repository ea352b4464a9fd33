// A finished tournament's top places, where people look first (its card, the top of its page): the
// champion, then second and third (a shared place lists every team in it).
import { Group, Stack, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';

type Place = { placement: number; name: string };

const PLACE_WORDS: Record<number, string> = { 2: '2nd', 3: '3rd' };

export function PodiumList({
  podium,
  champion,
  size = 'md',
}: {
  podium: Place[];
  champion?: string | null;
  size?: 'sm' | 'md';
}) {
  const first = podium.filter((p) => p.placement === 1).map((p) => p.name);
  const winners = first.length ? first.join(', ') : champion;
  const rest = [2, 3]
    .map((n) => ({ n, names: podium.filter((p) => p.placement === n).map((p) => p.name) }))
    .filter((r) => r.names.length > 0);
  if (!winners && rest.length === 0) return null;
  return (
    <Stack gap={2}>
      {winners && (
        <Text size={size === 'md' ? 'lg' : 'sm'} fw={700}>
          <IconTrophy
            size={size === 'md' ? 20 : 16}
            aria-hidden
            style={{ verticalAlign: '-3px', color: 'var(--mantine-color-yellow-4)' }}
          />{' '}
          Champion:{' '}
          <Text span inherit c="yellow.4">
            {winners}
          </Text>
        </Text>
      )}
      {rest.length > 0 && (
        <Group gap="md" wrap="wrap">
          {rest.map((r) => (
            <Text key={r.n} size="sm">
              {PLACE_WORDS[r.n]}: <b>{r.names.join(', ')}</b>
            </Text>
          ))}
        </Group>
      )}
    </Stack>
  );
}
