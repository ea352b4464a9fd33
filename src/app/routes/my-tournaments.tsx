// /my-tournaments
import { MyTournamentsList } from '@/features/my-tournaments/components/my-tournaments-list';

export default function MyTournamentsRoute() {
  return <MyTournamentsList />;
}
