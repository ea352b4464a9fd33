// /my-tournaments
import { MyTournamentsList } from '@/features/registration/components/my-tournaments-list';

export default function MyTournamentsRoute() {
  return <MyTournamentsList />;
}
