// A Swiss tournament's bracket against the real local stack: round 1 with the bye, the Swiss
// standings with Buchholz, round 2 appearing live when round 1's last result is confirmed, and the
// top cut's final once the last round is played.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { matchAt, playMatch, startedTournament } from '@/testing/brackets';
import { waitForLive } from '@/testing/live';
import { adminClient } from '@/testing/users';
import { BracketView } from '@/features/bracket/components/bracket-view';

async function roundItems(name: string): Promise<string[]> {
  const list = await screen.findByRole('list', { name });
  return within(list)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('Swiss bracket', { timeout: 120_000 }, () => {
  it('shows the Swiss rounds, the standings with Buchholz, the next round live and the top cut', async () => {
    const { tournament, captains } = await startedTournament('swiss', 5, { topCut: 2 });
    const [a, b, c, d, e] = captains;
    renderWithProviders(<BracketView tournamentId={tournament.id} />);

    expect(await screen.findByRole('heading', { name: 'Swiss rounds' })).toBeInTheDocument();
    expect(await roundItems('Swiss round 1')).toEqual([
      `${a!.teamName} vs ${c!.teamName}, ready`,
      `${b!.teamName} vs ${d!.teamName}, ready`,
      `${e!.teamName}, bye`,
    ]);
    const table = await screen.findByRole('table', { name: 'Swiss standings' });
    expect(within(table).getByRole('columnheader', { name: 'Buchholz' })).toBeInTheDocument();
    await waitForLive();

    await playMatch(a!, c!, await matchAt(tournament.id, { bracket: 'swiss', round: 1, position: 1 }), [1]);
    await playMatch(b!, d!, await matchAt(tournament.id, { bracket: 'swiss', round: 1, position: 2 }), [1]);
    // Round 2, paired in the confirmation's transaction: the one-win group floats E down, D has the bye.
    expect(await roundItems('Swiss round 2')).toEqual([
      `${a!.teamName} vs ${b!.teamName}, ready`,
      `${e!.teamName} vs ${c!.teamName}, ready`,
      `${d!.teamName}, bye`,
    ]);
    const rows = within(await screen.findByRole('table', { name: 'Swiss standings' })).getAllByRole('row');
    // Live standings: B and D level on wins with Buchholz 1; B beat D.
    expect(rows[1]).toHaveTextContent(`1${b!.teamName}101+1`);

    // The administrator settles the rest of the Swiss (3 rounds for 5 teams): the top 2 meet in the cut's final.
    const admin = await adminClient();
    for (;;) {
      const { data } = await admin
        .from('matches')
        .select('id')
        .eq('tournament_id', tournament.id)
        .eq('bracket', 'swiss')
        .is('confirmed_at', null)
        .not('team2_id', 'is', null)
        .throwOnError();
      if (data.length === 0) break;
      for (const m of data)
        await admin.rpc('set_match_result', { p_match_id: m.id, p_games: [{ winner: 1 }] }).throwOnError();
    }
    expect(await screen.findByRole('heading', { name: 'Top cut: single elimination' })).toBeInTheDocument();
    expect(await roundItems('Final')).toEqual([expect.stringMatching(/ vs .*, ready$/)]);
  });
});
