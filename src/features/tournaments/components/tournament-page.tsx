// A tournament's public, shareable page: everything a visitor may read (banner, type, format, the
// start in their own time zone, phase, prize, rules, slots and the teams holding them), the viewer's
// own action and team, and the bracket once there is one. Live: a change to the tournament (a team
// registering or withdrawing moves its counts) re-reads the page.
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { PlainText } from '@/components/ui/plain-text';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { useAuth } from '@/lib/auth';
import { liveBanner } from '@/lib/use-realtime';
import { paths } from '@/config/paths';
import { useTournament, type PageTournament } from '../api/get-tournament';
import { useTournamentTeams } from '../api/get-tournament-teams';
import { useMatchCount } from '../api/get-match-count';
import { useNextMatch } from '../api/get-next-match';
import { NextMatchPanel } from './next-match';
import { TeamField } from './team-field';
import { usePhaseClock } from '@/lib/use-phase-clock';
import { TournamentSummary } from './tournament-summary';

export const NOT_FOUND_TITLE = 'Tournament not found';

export function TournamentNotFound() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} ta="center">
          {NOT_FOUND_TITLE}
        </Title>
        <Text c="dimmed" ta="center">
          This link does not lead to a tournament. It may have been deleted, or the address is mistyped.
        </Text>
        <Button component={Link} to={paths.home}>
          See all tournaments
        </Button>
      </Stack>
    </Center>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-label={title}>
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

type Props = {
  id: string;
  /** The viewer's part: their registration and team (src/features/registration), by the route. */
  viewer: (tournament: PageTournament) => ReactNode;
  /** The bracket view, shown once the tournament has matches. */
  bracket?: ReactNode;
};

export function TournamentPage({ id, viewer, bracket }: Props) {
  const query = useTournament(id);
  const tournament = query.data ?? null;
  const teams = useTournamentTeams(id, !!tournament);
  const matches = useMatchCount(id, !!tournament);
  const { user } = useAuth();
  const started = (matches.data ?? 0) > 0;
  const next = useNextMatch(id, started && !!user);
  const banner = liveBanner(query, query.live);
  const { refetch } = query;
  // The phase moves with the clock (check-in opens while the page is open), and the page reads the
  // tournament again at that moment.
  const phase = usePhaseClock(
    tournament,
    query.dataUpdatedAt,
    useCallback(() => void refetch(), [refetch]),
  );

  if (query.isPending) return <LoadingScreen label="Loading tournament..." />;
  if (query.error && !tournament) return <FormError message={errorMessage(query.error)} />;
  if (!tournament || !phase) return <TournamentNotFound />;
  const shown = { ...tournament, phase };

  const registered = (teams.data ?? []).filter((t) => t.status === 'registered');

  return (
    <Stack gap="lg" data-live={query.live.status}>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {/* The player's match and its action first: reporting is why they came (issue 29). */}
      {next.data && (
        <Section title="Your match">
          <NextMatchPanel next={next.data} />
        </Section>
      )}
      <TournamentSummary tournament={tournament} phase={phase} />

      {/* BRACKET: src/features/bracket's BracketView ({ tournamentId }) goes here, handed in by the route. */}
      {started && <Section title="Bracket">{bracket}</Section>}

      <Section title="Your registration">{viewer(shown)}</Section>

      {tournament.rules && (
        <Section title="Rules">
          <PlainText text={tournament.rules} />
        </Section>
      )}

      <Section title="Teams">
        {teams.error ? (
          <FormError message={errorMessage(teams.error)} />
        ) : teams.data ? (
          <TeamField teams={registered} solo={tournament.type === '1v1'} />
        ) : (
          <Text c="dimmed">Loading teams...</Text>
        )}
      </Section>
    </Stack>
  );
}
