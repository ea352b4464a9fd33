// The live bracket of one tournament (loaded lazily by BracketView): every section's rounds, the
// group tables and standings, and the match dialog. Confirmed results arrive over Realtime.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '@/lib/errors';
import { liveBanner } from '@/lib/use-realtime';
import { LiveErrorAlert } from '@/components/ui/live-error-alert';
import { useBracket, type Match } from '@/features/bracket/api/get-bracket';
import { useMyTeam } from '@/lib/my-team';
import { bracketSections } from '@/features/bracket/components/bracket-layout';
import { RoundColumns, RoundTabs } from '@/features/bracket/components/round-views';
import { StandingsTable } from '@/features/bracket/components/standings-table';
import { SwissStandingsTable } from '@/features/bracket/components/swiss-standings';
import { MatchDialog } from '@/features/bracket/components/match-dialog';
import { LoadingSpinner } from '@/components/ui/loading-screen';

/** Below 48em the bracket shows one round at a time. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function Bracket({ tournamentId }: { tournamentId: string }) {
  const bracket = useBracket(tournamentId);
  const myTeam = useMyTeam(tournamentId);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  // The open match lives in the address (?match=<id>), so a notification's link opens it and Back closes it.
  const [search, setSearch] = useSearchParams();
  const openId = search.get('match');
  const setOpenId = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('match', id);
        else next.delete('match');
        return next;
      },
      { replace: id === null, preventScrollReset: true },
    );
  const data = bracket.data;
  const sections = useMemo(
    () => (data?.tournament ? bracketSections(data.tournament.format, data.matches) : []),
    [data],
  );
  const banner = liveBanner(bracket, bracket.live);

  let body;
  if (!data) {
    body = bracket.error ? (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(bracket.error)}
      </Alert>
    ) : (
      <LoadingSpinner label="Loading the bracket" />
    );
  } else if (!data.tournament) {
    body = <Text>This tournament no longer exists.</Text>;
  } else if (data.matches.length === 0) {
    body = <Text c="dimmed">The bracket appears here when the tournament starts.</Text>;
  } else {
    const { tournament, teams, standings, swiss } = data;
    const roundRobin = tournament.format === 'round_robin';
    const groups = [...new Set(standings.map((s) => s.group))].sort((x, y) => x - y);
    const completed = tournament.completed_at !== null;
    const rounds = sections.flatMap((s) => s.rounds);
    // The match is read from the latest data, so the dialog follows live changes.
    const open = openId ? (data.matches.find((m) => m.id === openId) ?? null) : null;
    const onOpen = (m: Match) => setOpenId(m.id);
    body = (
      <>
        {completed && <Text fw={700}>Tournament complete.</Text>}
        {(roundRobin || completed) &&
          groups.map((g) => (
            <StandingsTable
              key={g}
              caption={groups.length > 1 ? `Group ${g} standings` : 'Standings'}
              standings={standings.filter((s) => s.group === g)}
              teams={teams}
              champion={completed && groups.length === 1}
              solo={tournament.type === '1v1'}
            />
          ))}
        {swiss.length > 0 && <SwissStandingsTable standings={swiss} teams={teams} />}
        {phone ? (
          <RoundTabs rounds={rounds} teams={teams} onOpen={onOpen} />
        ) : (
          sections.map((section) => (
            <section key={section.key} aria-labelledby={`section-${section.key}`}>
              <Title order={3} size="h5" id={`section-${section.key}`} mb="xs">
                {section.title}
              </Title>
              <RoundColumns rounds={section.rounds} teams={teams} onOpen={onOpen} />
            </section>
          ))
        )}
        <MatchDialog
          match={open}
          roundLabel={open?.round_label ?? ''}
          tournamentId={tournamentId}
          teams={teams}
          myTeamId={myTeam.data?.captain ? myTeam.data.id : null}
          onClose={() => setOpenId(null)}
        />
      </>
    );
  }

  return (
    <Stack gap="lg" data-live={bracket.live.status}>
      <LiveErrorAlert message={banner.message} onRetry={banner.retry} />
      {body}
    </Stack>
  );
}
