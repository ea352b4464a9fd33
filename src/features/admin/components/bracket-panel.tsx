// The bracket of one tournament for the administrator (bracket-screen.tsx loads it): Start tournament once check-in has closed
// (the database's close, from the tournament row, or Close check-in now), Reset bracket before the first result, the
// matches (disputed first) with results set, corrected or awarded by forfeit or no-show, the result
// history and the round settings.
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit, IconExternalLink, IconHistory, IconPlayerPlay, IconRotate } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import { formatTime } from '@/lib/schedule';
import { checkInClosed } from '@/lib/tournament';
import type { AdminTournament } from '../api/get-tournament';
import { teamDisplayName, type Team } from '../api/get-teams';
import { useMatches, type Match } from '../api/get-matches';
import { settleCheckIn } from '../api/start-tournament';
import { CloseCheckInDialog, ResetDialog } from './bracket-dialogs';
import { MatchList } from './match-list';
import { ResultDialog } from './result-dialog';
import { ResultHistory } from './result-history';
import { RoundSettings } from './round-settings';
import { StartDialog } from './start-dialog';

export function BracketPanel({ tournament, teams }: { tournament: AdminTournament; teams: Team[] }) {
  const now = useNow(15_000);
  const started = tournament.started_at !== null;
  const matches = useMatches(tournament.id, started);
  const [starting, setStarting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [settling, setSettling] = useState<Match | null>(null);
  const [history, setHistory] = useState(false);
  const prepare = usePrepareStart(tournament.id, () => setStarting(true));
  const names = new Map(teams.map((t) => [t.id, teamDisplayName(t)]));
  const name = (id: string | null) => (id ? (names.get(id) ?? 'Removed team') : 'TBD');
  // Without a start time there is no check-in to wait for.
  // A settled close (Close check-in now) counts at once, before the clock's next tick.
  const canStart =
    tournament.checkin_closes === null || tournament.checkin_settled_at !== null || checkInClosed(tournament, now);
  const anyResult = (matches.data ?? []).some((m) => m.confirmed_at !== null && !m.is_bye);

  return (
    <Stack gap="md" component="section" aria-label="Bracket">
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h4">
          Bracket
        </Title>
        <Group gap="xs">
          {!started && !canStart && tournament.checkin_closes && tournament.cancelled_at === null && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDoorExit size={14} aria-hidden />}
              onClick={() => setClosing(true)}
            >
              Close check-in now
            </Button>
          )}
          {!started && (
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              disabled={!canStart}
              loading={prepare.pending}
              onClick={prepare.run}
            >
              Start tournament
            </Button>
          )}
          {started && tournament.completed_at === null && !anyResult && (
            <Button
              size="xs"
              variant="outline"
              color="orange"
              leftSection={<IconRotate size={14} aria-hidden />}
              onClick={() => setResetting(true)}
            >
              Reset bracket
            </Button>
          )}
          <Button
            component={Link}
            to={paths.tournament(tournament.id)}
            size="xs"
            variant="subtle"
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            Public page
          </Button>
          {started && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconHistory size={14} aria-hidden />}
              aria-pressed={history}
              onClick={() => setHistory((h) => !h)}
            >
              Result history
            </Button>
          )}
        </Group>
      </Group>
      {!started && !canStart && tournament.checkin_closes && (
        <Text size="sm" c="dimmed">
          The tournament can start once check-in closes ({formatTime(tournament.checkin_closes)}), or when you close it
          now.
        </Text>
      )}
      <FormError message={prepare.error} />

      {started && history && <ResultHistory tournamentId={tournament.id} name={name} matches={matches.data ?? []} />}
      {started &&
        (matches.isPending ? (
          <Text c="dimmed">Loading matches...</Text>
        ) : matches.isError ? (
          <FormError message={errorMessage(matches.error)} />
        ) : (
          <MatchList matches={matches.data} name={name} onSettle={setSettling} />
        ))}
      {started && matches.data && <RoundSettings tournament={tournament} matches={matches.data} />}

      {starting && <StartDialog tournament={tournament} teams={teams} onDone={() => setStarting(false)} />}
      {settling && (
        <ResultDialog tournamentId={tournament.id} match={settling} name={name} onDone={() => setSettling(null)} />
      )}
      {resetting && <ResetDialog tournamentId={tournament.id} onDone={() => setResetting(false)} />}
      {closing && <CloseCheckInDialog tournamentId={tournament.id} onDone={() => setClosing(false)} />}
    </Stack>
  );
}

/** Settles the close of check-in first, so the start's preview has the teams that will play. */
function usePrepareStart(tournamentId: string, onReady: () => void) {
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const run = async () => {
    setState({ pending: true, error: null });
    try {
      await settleCheckIn(tournamentId);
      setState({ pending: false, error: null });
      onReady();
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  };
  return { ...state, run: () => void run() };
}

/** The current time, ticking each `ms`, so a button enables itself when a time passes. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
