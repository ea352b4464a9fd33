// One tournament's screens for the administrator and its staff, live: its header (name, type, counts,
// start, Cancel tournament for its organisers, close) and, by the address, its roster (Teams), its
// bracket (Bracket) or its staff (Staff), each a link of its own so the back button moves between them.
// Staff of other tournaments see "not allowed" (RLS would show them nothing anyway).
import { Link, Outlet, useMatch, useNavigate, useOutletContext } from 'react-router-dom';
import { Button, Group, Paper } from '@mantine/core';
import { paths } from '@/config/paths';
import { NotAllowed } from '@/components/ui/not-allowed';
import { useStaffAccess } from '@/lib/staff';
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
  const onStaff = useMatch(paths.adminStaffRoute) !== null;
  const section = onBracket ? 'Bracket' : onStaff ? 'Staff' : 'Teams';
  const access = useStaffAccess();
  const banner = liveBanner(query, query.live);

  if (!access.canModerate(id)) return <NotAllowed signedIn />;
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
      aria-label={`${section} of ${tournament.name}`}
    >
      <TournamentHeader
        tournament={tournament}
        teams={teams}
        closeLabel={onBracket ? 'Close bracket' : onStaff ? 'Close staff' : 'Close team list'}
        canCancel={access.canOrganise(id)}
        onClose={() => navigate(paths.adminDashboard, { state: { card: id } satisfies ReturnToCard })}
        onCancelled={() => notify({ tone: 'success', text: CANCEL_SUCCESS_MESSAGE })}
      />
      <Group component="nav" aria-label="Tournament sections" gap="xs" mb="md">
        <SectionLink to={paths.adminTeams(id)} current={section === 'Teams'} label="Teams" />
        <SectionLink to={paths.adminBracket(id)} current={onBracket} label="Bracket" />
        <SectionLink to={paths.adminStaff(id)} current={onStaff} label="Staff" />
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
