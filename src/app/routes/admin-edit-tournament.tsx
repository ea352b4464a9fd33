// /admindashboard/tournaments/:id/edit: one tournament's edit form.
import { useParams } from 'react-router-dom';
import { EditTournament } from '@/features/admin/components/tournament-editor';

export default function AdminEditTournamentRoute() {
  const { id = '' } = useParams();
  return <EditTournament key={id} id={id} />;
}
