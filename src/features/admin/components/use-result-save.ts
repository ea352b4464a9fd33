// Sends a result (the games, or a forfeit) and holds it back when the database asks the admin to
// confirm resetting the later matches played on the old result.
import { useState } from 'react';
import { errorMessage } from '@/lib/errors';
import type { GameWinner } from '@/lib/best-of';
import {
  needsResetConfirmation,
  useForfeitMatch,
  useSetMatchResult,
  type ForfeitReason,
} from '../api/set-match-result';

export type PendingResult =
  { kind: 'games'; games: { winner: GameWinner }[] } | { kind: 'forfeit'; winner: string; reason: ForfeitReason };

export function useResultSave(tournamentId: string, matchId: string, onDone: () => void) {
  // A save the database held back until the admin confirms resetting the later matches.
  const [awaitingReset, setAwaitingReset] = useState<PendingResult | null>(null);
  const setResult = useSetMatchResult(tournamentId);
  const forfeit = useForfeitMatch(tournamentId);
  const busy = setResult.isPending || forfeit.isPending;
  const failure = setResult.error ?? forfeit.error;
  const shownFailure = failure && !needsResetConfirmation(failure) ? errorMessage(failure) : null;

  const send = (pending: PendingResult, confirmReset: boolean) => {
    const options = {
      onSuccess: onDone,
      onError: (error: unknown) => setAwaitingReset(needsResetConfirmation(error) ? pending : null),
    };
    if (pending.kind === 'games') {
      setResult.mutate({ matchId, games: pending.games, confirmReset }, options);
    } else {
      forfeit.mutate({ matchId, winnerTeamId: pending.winner, reason: pending.reason, confirmReset }, options);
    }
  };

  const clearFailure = () => {
    setResult.reset();
    forfeit.reset();
  };

  return { busy, shownFailure, awaitingReset, setAwaitingReset, send, clearFailure };
}
