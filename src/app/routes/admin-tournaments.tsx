// /admindashboard: every tournament, with Edit, Delete and View Teams.
import { TournamentsOverview } from '@/features/admin/components/tournaments-overview';

export default function AdminTournamentsRoute() {
  return <TournamentsOverview />;
}
