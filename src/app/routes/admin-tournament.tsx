// One tournament's admin screens (its roster and its bracket, below): the tournament, its teams and
// the header they share.
import { useParams } from 'react-router-dom';
import { TournamentAdmin } from '@/features/admin/components/tournament-admin';

export default function AdminTournamentRoute() {
  const { id = '' } = useParams();
  return <TournamentAdmin key={id} id={id} />;
}
