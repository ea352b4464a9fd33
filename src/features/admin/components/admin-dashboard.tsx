// The admin dashboard (spec sections 2 and 4): Add Tournament opens the create form, Manage
// Tournaments the grid; Edit reuses the form in edit mode; View Teams opens a tournament's team list.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLayoutGrid, IconPlus } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { errorMessage } from '@/lib/errors';
import { useTournaments } from '@/lib/get-tournaments';
import type { Tournament } from '@/lib/tournament';
import { liveBanner } from '@/lib/use-realtime';
import { DELETE_ERROR_MESSAGE, DELETE_SUCCESS_MESSAGE, useDeleteTournament } from '../api/delete-tournament';
import { loadChunk } from '@/lib/chunk';
import { CANCEL_SUCCESS_MESSAGE } from '../api/cancel-tournament';
import { TournamentGrid, tournamentCardId } from './tournament-grid';

// The grid is what the dashboard opens on; the form (react-hook-form, number input) and the team
// list load when first asked for, which keeps the route's first download inside its budget.
const TournamentForm = lazy(() =>
  loadChunk(() => import('./tournament-form')).then((m) => ({ default: m.TournamentForm })),
);
const DeleteDialog = lazy(() => loadChunk(() => import('./delete-dialog')).then((m) => ({ default: m.DeleteDialog })));
const TeamList = lazy(() => loadChunk(() => import('./team-list')).then((m) => ({ default: m.TeamList })));

const pending = (
  <Center mih={240} aria-busy="true">
    <Loader aria-label="Loading" />
  </Center>
);

type View = { kind: 'grid' } | { kind: 'form'; editing: Tournament | null } | { kind: 'teams'; tournament: Tournament };
type Notice = { tone: 'success' | 'error'; text: string } | null;

export function AdminDashboard() {
  const query = useTournaments();
  const tournaments = useMemo(() => query.data ?? [], [query.data]);
  const banner = liveBanner(query, query.live);
  const [view, setView] = useState<View>({ kind: 'grid' });
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<Tournament | null>(null);
  const remove = useDeleteTournament();
  // The grid card to continue from once the form or team list closes (its button was replaced),
  // as soon as the card is on screen: a new tournament's card arrives with the refetch.
  // A ref, not state: reaching the card is a side effect of rendering the grid, not a re-render.
  const returnTo = useRef<string | null>(null);
  const setReturnTo = (id: string) => {
    returnTo.current = id;
  };
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!returnTo.current || view.kind !== 'grid') return;
    const card = document.getElementById(tournamentCardId(returnTo.current));
    if (!card) return;
    card.focus();
    returnTo.current = null;
  }, [view, tournaments]);

  const openCreate = () => {
    setNotice(null);
    setView({ kind: 'form', editing: null });
  };
  const openGrid = () => setView({ kind: 'grid' });

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        setNotice({ tone: 'success', text: DELETE_SUCCESS_MESSAGE });
        if (view.kind !== 'grid') setView({ kind: 'grid' });
      },
      onError: () => setNotice({ tone: 'error', text: DELETE_ERROR_MESSAGE }),
      onSettled: () => setConfirming(null),
    });
  };

  // Keep the team list's header current when the tournament changes live.
  const teamsOf =
    view.kind === 'teams' ? (tournaments.find((t) => t.id === view.tournament.id) ?? view.tournament) : null;

  return (
    <Stack gap="lg" data-live={query.live.status}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" fw={900}>
            Admin Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            Create, edit and run BrawlCup tournaments.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            ref={addButton}
            leftSection={<IconPlus size={16} aria-hidden />}
            variant={view.kind === 'form' && !view.editing ? 'filled' : 'light'}
            aria-pressed={view.kind === 'form' && !view.editing}
            onClick={openCreate}
          >
            Add Tournament
          </Button>
          <Button
            leftSection={<IconLayoutGrid size={16} aria-hidden />}
            variant={view.kind === 'grid' ? 'filled' : 'light'}
            aria-pressed={view.kind === 'grid'}
            onClick={openGrid}
          >
            Manage Tournaments
          </Button>
        </Group>
      </Group>

      {notice && (
        <Alert
          color={notice.tone === 'success' ? 'green' : 'red'}
          variant="light"
          role={notice.tone === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss message"
          onClose={() => setNotice(null)}
          icon={
            notice.tone === 'success' ? (
              <IconCircleCheck size={18} aria-hidden />
            ) : (
              <IconAlertTriangle size={18} aria-hidden />
            )
          }
        >
          {notice.text}
        </Alert>
      )}
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />

      <Suspense fallback={pending}>
        {view.kind === 'form' && (
          <TournamentForm
            key={view.editing?.id ?? 'new'}
            tournament={view.editing}
            onCancel={() => {
              if (view.editing) setReturnTo(view.editing.id);
              else addButton.current?.focus();
              openGrid();
            }}
            onSaved={(saved, mode) => {
              setNotice({
                tone: 'success',
                text: mode === 'edit' ? 'Tournament updated successfully' : 'Tournament added successfully',
              });
              setReturnTo(saved.id);
              setView({ kind: 'grid' });
            }}
          />
        )}

        {view.kind === 'teams' && teamsOf && (
          <TeamList
            tournament={teamsOf}
            onClose={() => {
              setReturnTo(teamsOf.id);
              openGrid();
            }}
            onCancelled={() => setNotice({ tone: 'success', text: CANCEL_SUCCESS_MESSAGE })}
          />
        )}
      </Suspense>

      {view.kind === 'grid' &&
        (query.isError && !query.data ? (
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
              setNotice(null);
              setView({ kind: 'form', editing: t });
            }}
            onDelete={(t) => setConfirming(t)}
            onViewTeams={(t) => setView({ kind: 'teams', tournament: t })}
          />
        ))}

      {/* Its code arrives just after the grid's (rendered closed from the start), not with it. */}
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
