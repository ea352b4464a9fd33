// The admin's grid of tournaments with Edit, Delete and View Teams on each.
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash, IconUsers } from '@tabler/icons-react';
import { TournamentBanner, TournamentBannerSkeleton } from '@/components/ui/tournament-banner';
import { plural } from '@/lib/plural';
import type { Tournament } from '@/lib/tournament';
import '@mantine/core/styles/Skeleton.css';

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** The id of a tournament's card, so the dashboard can hand the focus back to it. */
export const tournamentCardId = (id: string) => `tournament-card-${id}`;

type Props = {
  tournaments: Tournament[];
  loading: boolean;
  onEdit: (t: Tournament) => void;
  /** Whether the viewer may edit this tournament (administrators and its co-organisers). */
  canEdit?: (id: string) => boolean;
  /** Administrators only: without it, no Delete button. */
  onDelete?: (t: Tournament) => void;
  onViewTeams: (t: Tournament) => void;
};

export function TournamentGrid({ tournaments, loading, onEdit, canEdit = () => true, onDelete, onViewTeams }: Props) {
  if (loading) {
    return (
      <div role="status" aria-label="Loading tournaments...">
        <SimpleGrid cols={GRID_COLS} spacing="lg">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} withBorder radius="lg" padding="md" aria-hidden>
              <Card.Section>
                <TournamentBannerSkeleton />
              </Card.Section>
              <Skeleton h={20} w="70%" mt="md" />
              <Skeleton h={14} w="40%" mt="xs" />
              <Skeleton h={30} mt="md" />
            </Card>
          ))}
        </SimpleGrid>
      </div>
    );
  }

  if (tournaments.length === 0) {
    return (
      <Stack align="center" py={48} gap={4} ta="center">
        <Title order={2} size="h4">
          No tournaments yet
        </Title>
        <Text c="dimmed" size="sm">
          Use Add Tournament to create the first one.
        </Text>
      </Stack>
    );
  }

  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg">
      {tournaments.map((t) => (
        <Card
          key={t.id}
          id={tournamentCardId(t.id)}
          tabIndex={-1}
          component="article"
          aria-label={t.name}
          withBorder
          radius="lg"
          padding="md"
          shadow="sm"
        >
          <Card.Section>
            <TournamentBanner src={t.thumbnail_url} alt={`${t.name} banner`} />
          </Card.Section>
          <Stack gap={6} mt="md" style={{ flex: 1 }}>
            <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {t.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light" color="brand" radius="sm">
                {t.type}
              </Badge>
              <Text size="sm" c="dimmed">
                {t.registered_teams} / {plural(t.slots, 'team')}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" mt="md" grow>
            {canEdit(t.id) && (
              <Button
                size="xs"
                variant="light"
                aria-label={`Edit ${t.name}`}
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={() => onEdit(t)}
              >
                Edit
              </Button>
            )}
            {onDelete && (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Delete ${t.name}`}
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => onDelete(t)}
              >
                Delete
              </Button>
            )}
          </Group>
          <Button
            size="xs"
            mt="xs"
            variant="outline"
            aria-label={`View Teams for ${t.name}`}
            leftSection={<IconUsers size={14} aria-hidden />}
            onClick={() => onViewTeams(t)}
          >
            View Teams
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
