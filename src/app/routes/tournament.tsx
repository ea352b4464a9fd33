// /tournaments/:id: a tournament's public page. The app layer hands the page (src/features/tournaments)
// the viewer's part from src/features/registration (features do not import each other), with the
// cards' registration form and what follows it as chunks of their own, fetched when the viewer looks
// like registering, and the bracket view (its own lazy chunk).
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import type { Prefetch } from '@/app/router';
import { BracketView } from '@/features/bracket/components/bracket-view';
import { TournamentPage } from '@/features/tournaments/components/tournament-page';
import { prefetchTournamentPage } from '@/features/tournaments/api/prefetch-tournament-page';
import { ViewerAction, type RegistrationParts } from '@/features/registration/components/viewer-action';
import type { PageTournament } from '@/features/tournaments/api/get-tournament';
import { loadChunk } from '@/lib/chunk';

const loadForm = () => loadChunk(() => import('@/features/registration/components/registration-form'));
const loadSuccess = () => loadChunk(() => import('@/features/registration/components/registration-success'));
/** Both, as soon as the form may be wanted: the countdown follows the form without a wait. */
const preload = () => {
  void loadForm().catch(() => {});
  void loadSuccess().catch(() => {});
};
const registration: RegistrationParts = {
  preload,
  Form: lazy(() => {
    preload();
    return loadForm().then((m) => ({ default: m.RegistrationForm }));
  }),
  Success: lazy(() => loadSuccess().then((m) => ({ default: m.RegistrationSuccess }))),
};

/** The viewer's part of the page: their registration and team. */
const viewer = (tournament: PageTournament) => <ViewerAction tournament={tournament} registration={registration} />;

export const prefetch: Prefetch = (queryClient, { id = '' }) => prefetchTournamentPage(queryClient, id);

export default function TournamentRoute() {
  const { id = '' } = useParams();
  return <TournamentPage key={id} id={id} viewer={viewer} bracket={<BracketView tournamentId={id} />} />;
}
