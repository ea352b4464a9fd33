// useRealtime against the real stack: a transaction that changes several watched rows (an
// administrator's result moves the winner into the next match) makes one re-read, not one per row.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '@/testing/render';
import { adminClient } from '@/testing/users';
import { waitForLive } from '@/testing/live';
import { matchAt, startedTournament } from '@/testing/brackets';
import { supabase } from '@/lib/supabase';
import { useRealtime } from '@/lib/use-realtime';

function Watched({ tournamentId, onRead }: { tournamentId: string; onRead: () => void }) {
  const key = ['use-realtime-test', tournamentId];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      onRead();
      const { data } = await supabase.from('matches').select('id, winner_id').eq('tournament_id', tournamentId);
      return data ?? [];
    },
  });
  const live = useRealtime('matches', key, { filter: `tournament_id=eq.${tournamentId}` });
  const winners = (query.data ?? []).filter((m) => m.winner_id !== null).length;
  return <p data-live={live.status}>{`${winners} winners`}</p>;
}

describe('useRealtime', { timeout: 60_000 }, () => {
  it('re-reads once for a transaction that changed several rows', async () => {
    const { tournament } = await startedTournament('single_elimination', 4);
    const reads = { count: 0 };
    renderWithProviders(<Watched tournamentId={tournament.id} onRead={() => (reads.count += 1)} />);
    await waitForLive();
    expect(await screen.findByText('0 winners')).toBeInTheDocument();
    // The join's own re-read has settled.
    await waitFor(() => expect(reads.count).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = reads.count;

    // One transaction: the semi-final gets its result and its winner moves into the final (two rows).
    const semi = await matchAt(tournament.id, { round: 1, position: 1 });
    const { error } = await (
      await adminClient()
    ).rpc('set_match_result', { p_match_id: semi, p_games: [{ winner: 1 }] });
    expect(error).toBeNull();
    expect(await screen.findByText('1 winners', {}, { timeout: 10_000 })).toBeInTheDocument();
    // Both changes have arrived by now; give a late second re-read time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(reads.count - before).toBe(1);
  });
});
