// /tournaments/:id: a tournament's public page. The app layer hands the page the registration flow of
// the tournament cards (features do not import each other) and the bracket view (its own lazy chunk).
import { useParams } from 'react-router-dom';
import { BracketView } from '@/features/bracket/components/bracket-view';
import { TournamentPage } from '@/features/tournament-page/components/tournament-page';
import type { RegistrationParts } from '@/features/tournament-page/components/viewer-action';
import { RegistrationForm } from '@/features/tournaments/components/registration-form';
import { RegistrationSuccess } from '@/features/tournaments/components/registration-success';

const registration: RegistrationParts = { Form: RegistrationForm, Success: RegistrationSuccess };

export default function TournamentRoute() {
  const { id = '' } = useParams();
  return <TournamentPage key={id} id={id} registration={registration} bracket={<BracketView tournamentId={id} />} />;
}
