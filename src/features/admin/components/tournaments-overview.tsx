// The dashboard's first screen: every tournament as a card with Edit, Delete and View Teams, live.
// Back from a form or a roster, the focus returns to the card it was opened from (its button is gone).
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Stack } from '@mantine/core';
import { paths } from '@/config/paths';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { loadChunk } from '@/lib/chunk';
import { useTournaments } from '@/lib/get-tournaments';
import { useStaffAccess } from '@/lib/staff';
import type { Tournament } from '@/lib/tournament';
import { liveBanner } from '@/lib/use-realtime';
import { DELETE_ERROR_MESSAGE, DELETE_SUCCESS_MESSAGE, useDeleteTournament } from '../api/delete-tournament';
import { useAdminDashboard } from './admin-dashboard';
import { TournamentGrid, tournamentCardId } from './tournament-grid';

// Its code arrives just after the grid's (rendered closed from the start), not with it.
const DeleteDialog = lazy(() => loadChunk(() => import('./delete-dialog')).then((m) => ({ default: m.DeleteDialog })));

/** The navigation state that names the card to continue from. */
export type ReturnToCard = { card?: string };

export function TournamentsOverview() {
  const query = useTournaments();
  const access = useStaffAccess();
  const { isAdmin } = access;
  // Staff see the tournaments they help run; administrators see every one.
  const tournaments = useMemo(() => (query.data ?? []).filter((t) => access.canModerate(t.id)), [query.data, access]);
  const banner = liveBanner(query, query.live);
  const { notify } = useAdminDashboard();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState<Tournament | null>(null);
  const remove = useDeleteTournament();
  useReturnFocus((location.state as ReturnToCard | null)?.card, location.key, tournaments);

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => notify({ tone: 'success', text: DELETE_SUCCESS_MESSAGE }),
      onError: () => notify({ tone: 'error', text: DELETE_ERROR_MESSAGE }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Stack gap="lg" data-live={query.live.status}>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {query.isError && !query.data ? (
        <Stack gap="sm" align="flex-start">
          <FormError message={errorMessage(query.error)} title="Could not load tournaments" />
          <Button size="xs" variant="light" onClick={banner.retry}>
            Try again
          </Button>
        </Stack>
      ) : (
        <TournamentGrid
          tournaments={tournaments}
          loading={query.isPending}
          onEdit={(t) => {
            notify(null);
            navigate(paths.adminEditTournament(t.id));
          }}
          canEdit={access.canOrganise}
          onDelete={isAdmin ? (t) => setConfirming(t) : undefined}
          onViewTeams={(t) => navigate(paths.adminTeams(t.id))}
        />
      )}
      <Suspense fallback={null}>
        <DeleteDialog
          tournament={confirming}
          deleting={remove.isPending}
          onCancel={() => !remove.isPending && setConfirming(null)}
          onConfirm={confirmDelete}
        />
      </Suspense>
    </Stack>
  );
}

/**
 * Focuses the card `id` once per visit (`visit`: the history entry), as soon as it is on screen: a
 * new tournament's card arrives with the list's next read.
 */
function useReturnFocus(id: string | undefined, visit: string, tournaments: unknown) {
  // A ref, not state: reaching the card is a side effect of showing the grid, not a re-render.
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!id || done.current === visit) return;
    const card = document.getElementById(tournamentCardId(id));
    if (!card) return;
    card.focus();
    done.current = visit;
  }, [id, visit, tournaments]);
}
