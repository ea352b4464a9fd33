// The create and edit screens around the tournament form: where a save or Cancel leads (back to the
// grid, with the notice and the focus on the tournament's card or on Add Tournament).
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { Center } from '@mantine/core';
import { paths } from '@/config/paths';
import { useTournament } from '../api/get-tournament';
import { useAdminDashboard } from './admin-dashboard';
import { TournamentPending } from './admin-status';
import { loadChunk } from '@/lib/chunk';
import type { ReturnToCard } from './tournaments-overview';
import { LoadingSpinner } from '@/components/ui/loading-screen';

// The form's code (react-hook-form, zod, the date picker) arrives after the screen's own, which keeps
// the screen's first download inside its budget.
const TournamentForm = lazy(() =>
  loadChunk(() => import('./tournament-form')).then((m) => ({ default: m.TournamentForm })),
);

const pending = (
  <Center mih={240} aria-busy="true">
    <LoadingSpinner />
  </Center>
);

const backTo = (card: string) => [paths.adminDashboard, { state: { card } satisfies ReturnToCard }] as const;

export function CreateTournament() {
  const { notify, focusAdd } = useAdminDashboard();
  const navigate = useNavigate();
  return (
    <Suspense fallback={pending}>
      <TournamentForm
        tournament={null}
        onCancel={() => {
          focusAdd();
          navigate(paths.adminDashboard);
        }}
        onSaved={(saved) => {
          notify({ tone: 'success', text: 'Tournament added successfully' });
          navigate(...backTo(saved.id));
        }}
      />
    </Suspense>
  );
}

export function EditTournament({ id }: { id: string }) {
  const query = useTournament(id);
  const { notify } = useAdminDashboard();
  const navigate = useNavigate();
  if (!query.data) return <TournamentPending query={query} />;
  return (
    <Suspense fallback={pending}>
      <TournamentForm
        key={id}
        tournament={query.data}
        onCancel={() => navigate(...backTo(id))}
        onSaved={() => {
          notify({ tone: 'success', text: 'Tournament updated successfully' });
          navigate(...backTo(id));
        }}
      />
    </Suspense>
  );
}
