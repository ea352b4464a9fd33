// /admindashboard/tournaments/:id/bracket: the tournament's bracket.
import { BracketScreen } from '@/features/admin/components/bracket-screen';

export default function AdminBracketRoute() {
  return <BracketScreen />;
}
