// /admindashboard/new: the create form.
import { CreateTournament } from '@/features/admin/components/tournament-editor';

export default function AdminNewTournamentRoute() {
  return <CreateTournament />;
}
