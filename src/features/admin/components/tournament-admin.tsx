// One tournament's screens for the administrator, live: its header (name, type, counts, start,
// Cancel tournament, close) and, by the address, its roster (Teams) or its bracket (Bracket), each a
// link of its own so the back button moves between them.
import { Link, Outlet, useMatch, useNavigate, useOutletContext } from 'react-router-dom';
import { Button, Group, Paper } from '@mantine/core';
import { paths } from '@/config/paths';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { liveBanner, type LiveStatus } from '@/lib/use-realtime';
import { useTournament, type AdminTournament } from '../api/get-tournament';
import { useTeams } from '../api/get-teams';
import { CANCEL_SUCCESS_MESSAGE } from '../api/cancel-tournament';
import { useAdminDashboard } from './admin-dashboard';
import { TournamentPending } from './admin-status';
import { TournamentHeader } from './tournament-header';
import type { ReturnToCard } from './tournaments-overview';

/** What the roster and the bracket screens reach of their tournament. */
export type TournamentAdminContext = { tournament: AdminTournament; teams: ReturnType<typeof useTeams> };

export const useTournamentAdmin = () => useOutletContext<TournamentAdminContext>();

export function TournamentAdmin({ id }: { id: string }) {
  const query = useTournament(id);
  const teams = useTeams(id);
  const { notify } = useAdminDashboard();
  const navigate = useNavigate();
  const onBracket = useMatch(paths.adminBracketRoute) !== null;
  const banner = liveBanner(query, query.live);

  if (!query.data) return <TournamentPending query={query} />;
  const tournament = query.data;
  const context: TournamentAdminContext = { tournament, teams };

  return (
    <Paper
      data-live={both(query.live.status, teams.live.status)}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="dark.7"
      component="section"
      aria-label={`${onBracket ? 'Bracket' : 'Teams'} of ${tournament.name}`}
    >
      <TournamentHeader
        tournament={tournament}
        teams={teams}
        closeLabel={onBracket ? 'Close bracket' : 'Close team list'}
        onClose={() => navigate(paths.adminDashboard, { state: { card: id } satisfies ReturnToCard })}
        onCancelled={() => notify({ tone: 'success', text: CANCEL_SUCCESS_MESSAGE })}
      />
      <Group component="nav" aria-label="Tournament sections" gap="xs" mb="md">
        <SectionLink to={paths.adminTeams(id)} current={!onBracket} label="Teams" />
        <SectionLink to={paths.adminBracket(id)} current={onBracket} label="Bracket" />
      </Group>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      <Outlet context={context} />
    </Paper>
  );
}

function SectionLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      size="xs"
      variant={current ? 'filled' : 'light'}
      aria-current={current ? 'page' : undefined}
    >
      {label}
    </Button>
  );
}

/** Joined once both channels have joined. */
function both(a: LiveStatus, b: LiveStatus): LiveStatus {
  if (a === 'error' || b === 'error') return 'error';
  return a === 'joined' && b === 'joined' ? 'joined' : 'joining';
}
