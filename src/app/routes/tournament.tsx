// /tournaments/:id: a tournament's public page. The app layer hands the page the registration flow of
// the tournament cards (features do not import each other; the form and what follows it are chunks
// of their own, fetched when the viewer looks like registering) and the bracket view (its own lazy chunk).
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import type { Prefetch } from '@/app/router';
import { BracketView } from '@/features/bracket/components/bracket-view';
import { TournamentPage } from '@/features/tournament-page/components/tournament-page';
import { prefetchTournamentPage } from '@/features/tournament-page/api/prefetch-tournament-page';
import type { RegistrationParts } from '@/features/tournament-page/components/viewer-action';
import { loadChunk } from '@/lib/chunk';

const loadForm = () => loadChunk(() => import('@/features/tournaments/components/registration-form'));
const loadSuccess = () => loadChunk(() => import('@/app/routes/registered'));
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
  Success: lazy(() => loadSuccess().then((m) => ({ default: m.Registered }))),
};

export const prefetch: Prefetch = (queryClient, { id = '' }) => prefetchTournamentPage(queryClient, id);

export default function TournamentRoute() {
  const { id = '' } = useParams();
  return <TournamentPage key={id} id={id} registration={registration} bracket={<BracketView tournamentId={id} />} />;
}
