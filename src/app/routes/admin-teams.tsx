// /admindashboard/tournaments/:id/teams: the tournament's roster.
import { Roster } from '@/features/admin/components/roster';

export default function AdminTeamsRoute() {
  return <Roster />;
}
