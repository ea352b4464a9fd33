// What one of a match's two captains does in its dialog: report the result when the match is ready;
// once the other captain has reported, confirm it or dispute it.
import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import type { Match } from '@/features/bracket/api/get-bracket';
import { useConfirmMatch } from '@/features/bracket/api/confirm-match';
import { ReportForm } from '@/features/bracket/components/report-form';
import { DisputeForm } from '@/features/bracket/components/dispute-form';

type Props = {
  match: Match;
  tournamentId: string;
  team1: string;
  team2: string;
  /** What was just done, for the dialog to say. */
  onNotice: (notice: string) => void;
};

export function CaptainActions({ match, tournamentId, team1: a, team2: b, onNotice: setNotice }: Props) {
  const { user } = useAuth();
  const [action, setAction] = useState<'report' | 'dispute' | null>(null);
  const confirm = useConfirmMatch(tournamentId);
  const reportedByMe = match.reported_by !== null && match.reported_by === user?.id;
  return (
    <>
      {action === 'report' && (
        <ReportForm
          match={match}
          tournamentId={tournamentId}
          team1={a}
          team2={b}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setNotice('Result sent. Your opponent confirms it.');
          }}
        />
      )}
      {action === 'dispute' && (
        <DisputeForm
          matchId={match.id}
          tournamentId={tournamentId}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            setNotice('Dispute sent. An administrator will settle this match.');
          }}
        />
      )}

      {action === null && (
        <>
          <FormError message={confirm.error ? errorMessage(confirm.error) : null} />
          {match.state === 'ready' && <Button onClick={() => setAction('report')}>Report result</Button>}
          {match.state === 'awaiting_confirmation' && reportedByMe && (
            <Text size="sm">You reported this result. Your opponent confirms or disputes it.</Text>
          )}
          {match.state === 'awaiting_confirmation' && !reportedByMe && (
            <Group gap="xs">
              {/* green.4 takes dark text (autoContrast); white on Mantine's green reads at 2:1. */}
              <Button
                color="green.4"
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(
                    { matchId: match.id, reportVersion: match.report_version },
                    { onSuccess: () => setNotice('Result confirmed.') },
                  )
                }
              >
                Confirm
              </Button>
              <Button color="red" variant="light" onClick={() => setAction('dispute')}>
                Dispute
              </Button>
            </Group>
          )}
        </>
      )}
    </>
  );
}
