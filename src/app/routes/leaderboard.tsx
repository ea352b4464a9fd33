// /leaderboard (open to everyone)
import { LeaderboardTable } from '@/features/leaderboard/components/leaderboard-table';

export default function LeaderboardRoute() {
  return <LeaderboardTable />;
}
