// What an admin screen of one tournament shows before it has the tournament: a loader, its error, or
// that no tournament has that address (deleted, or mistyped).
import { Link } from 'react-router-dom';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { paths } from '@/config/paths';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { LoadingSpinner } from '@/components/ui/loading-screen';

/** The loader, error or not-found for `query`; null once it has the tournament. */
export function TournamentPending({ query }: { query: { isPending: boolean; error: unknown; data: unknown } }) {
  if (query.isPending) {
    return (
      <Center mih={240} aria-busy="true">
        <LoadingSpinner />
      </Center>
    );
  }
  if (query.error && !query.data) return <FormError message={errorMessage(query.error)} />;
  if (query.data) return null;
  return (
    <Stack align="flex-start" gap="sm">
      <Title order={2} size="h3">
        Tournament not found
      </Title>
      <Text c="dimmed">It may have been deleted, or the address is mistyped.</Text>
      <Button component={Link} to={paths.adminDashboard} variant="light">
        Back to the tournaments
      </Button>
    </Stack>
  );
}
