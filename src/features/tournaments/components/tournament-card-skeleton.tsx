// A placeholder with a tournament card's size, so the grid does not jump when the data arrives.
import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { TournamentBannerSkeleton } from '@/components/ui/tournament-banner';
import '@mantine/core/styles/Skeleton.css';

export function TournamentCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-hidden style={{ borderColor: 'var(--mantine-color-dark-4)' }}>
      <Card.Section>
        <TournamentBannerSkeleton />
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Group justify="space-between">
          <Skeleton h={26} w={130} radius="sm" />
          <Skeleton h={16} w={80} />
        </Group>
        <Skeleton h={22} w="85%" />
        <Skeleton h={14} w="40%" />
        <Skeleton h={16} w="100%" mt={4} />
        <Skeleton h={16} radius="xl" />
        <Skeleton h={42} radius="sm" mt="xs" />
      </Stack>
    </Card>
  );
}
