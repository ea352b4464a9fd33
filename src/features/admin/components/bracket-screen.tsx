// A tournament's bracket screen: the bracket panel once the roster it names teams from has arrived.
// The panel's code (its dialogs, round settings and their rules) arrives after the screen's own,
// which keeps the screen's first download inside its budget.
import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { loadChunk } from '@/lib/chunk';
import { useTournamentAdmin } from './tournament-admin';

const BracketPanel = lazy(() => loadChunk(() => import('./bracket-panel')).then((m) => ({ default: m.BracketPanel })));

export function BracketScreen() {
  const { tournament, teams } = useTournamentAdmin();
  if (tournament.cancelled_at !== null) return <Text c="dimmed">A cancelled tournament has no bracket.</Text>;
  if (teams.isPending) return <Text c="dimmed">Loading teams...</Text>;
  if (teams.isError) return <FormError message={errorMessage(teams.error)} />;
  return (
    <Suspense fallback={<Text c="dimmed">Loading bracket...</Text>}>
      <BracketPanel tournament={tournament} teams={teams.data} />
    </Suspense>
  );
}
