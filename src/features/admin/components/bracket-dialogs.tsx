// The bracket screen's two confirmations: Reset bracket (before the first result) and Close check-in
// now (before the start).
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { RESET_CONFIRM_MESSAGE, useResetTournament } from '../api/reset-tournament';
import { useCloseCheckIn } from '../api/close-check-in';

export function ResetDialog({ tournamentId, onDone }: { tournamentId: string; onDone: () => void }) {
  const reset = useResetTournament(tournamentId);
  return (
    <ConfirmDialog
      size="lg"
      opened
      title="Reset bracket"
      message={RESET_CONFIRM_MESSAGE}
      confirmLabel="Reset bracket"
      busy={reset.isPending}
      error={reset.error ? errorMessage(reset.error) : null}
      onCancel={onDone}
      onConfirm={() => reset.mutate(tournamentId, { onSuccess: onDone })}
    />
  );
}

export function CloseCheckInDialog({ tournamentId, onDone }: { tournamentId: string; onDone: () => void }) {
  const close = useCloseCheckIn(tournamentId);
  return (
    <ConfirmDialog
      opened
      title="Close check-in now"
      message="Check-in ends now: captains can no longer check in, and teams that have not checked in give their slots to checked-in teams on the waitlist. Then you can start the tournament."
      confirmLabel="Close check-in"
      busy={close.isPending}
      error={close.error ? errorMessage(close.error) : null}
      onCancel={onDone}
      onConfirm={() => close.mutate(undefined, { onSuccess: onDone })}
    />
  );
}
