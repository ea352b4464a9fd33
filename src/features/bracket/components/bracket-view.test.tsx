// The bracket view against the real local stack: tournaments started through the database's own
// functions, every format rendered as rounds a screen reader can walk, a captain's report, the other
// captain's confirmation or dispute, a result arriving live, and the phone's one-round-at-a-time tabs.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { signInApp } from '@/testing/users';
import { waitForLive } from '@/testing/live';
import { matchAt, playMatch, startedTournament } from '@/testing/brackets';
import { BracketView } from '@/features/bracket/components/bracket-view';

function renderBracket(tournamentId: string) {
  return renderWithProviders(<BracketView tournamentId={tournamentId} />);
}

/** The items of the round list named `name`, by what each announces. */
async function roundItems(name: string): Promise<string[]> {
  const list = await screen.findByRole('list', { name });
  return within(list)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? '');
}

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('BracketView', () => {
  it('shows a single elimination bracket with byes: rounds as named lists, byes moved on', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 5);
    const [a, b, c, d, e] = captains.map((x) => x.teamName);
    renderBracket(tournament.id);

    expect(await screen.findByRole('heading', { name: 'Bracket' })).toBeInTheDocument();
    // Seeds 1, 2 and 3 have byes in a bracket of 8; seed 4 meets seed 5.
    expect(await roundItems('Round 1')).toEqual([`${a}, bye`, `${d} vs ${e}, ready`, `${b}, bye`, `${c}, bye`]);
    expect(await roundItems('Round 2')).toEqual([`${a} vs to be decided, waiting for opponent`, `${b} vs ${c}, ready`]);
    expect(await roundItems('Final')).toEqual(['to be decided vs to be decided, waiting for opponent']);
    // Not complete, not round robin: no standings yet.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a double elimination bracket in winners, losers and grand final sections', async () => {
    const { tournament, captains } = await startedTournament('double_elimination', 4);
    const [a, b, c, d] = captains.map((x) => x.teamName);
    renderBracket(tournament.id);

    for (const heading of ['Winners bracket', 'Losers bracket', 'Grand final']) {
      expect(await screen.findByRole('heading', { name: heading, level: 3 })).toBeInTheDocument();
    }
    expect(await roundItems('Winners round 1')).toEqual([`${a} vs ${d}, ready`, `${b} vs ${c}, ready`]);
    expect(await roundItems('Winners final')).toHaveLength(1);
    expect(await roundItems('Losers round 1')).toEqual(['to be decided vs to be decided, waiting for opponent']);
    expect(await roundItems('Losers round 2')).toHaveLength(1);
    expect(await roundItems('Grand final')).toHaveLength(1);
    expect(await roundItems('Grand final reset')).toHaveLength(1);
  });

  it('shows a round robin as a group table and its rounds, and the champion once it is complete', async () => {
    const { tournament, captains } = await startedTournament('round_robin', 3);
    const [a, b, c] = captains;
    const first = renderBracket(tournament.id);

    const table = await screen.findByRole('table', { name: 'Standings' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    for (const round of ['Round 1', 'Round 2', 'Round 3']) expect(await roundItems(round)).toHaveLength(1);
    expect(screen.queryByText('Champion')).not.toBeInTheDocument();
    first.unmount();

    // The better seed wins every match: A twice, then B.
    for (const round of [1, 2, 3]) {
      const id = await matchAt(tournament.id, { bracket: 'group', round, position: 1 });
      const { data } = await a!.client.from('matches').select('team1_id, team2_id').eq('id', id).single();
      const team1 = [a!, b!, c!].find((x) => x.teamId === data!.team1_id)!;
      const team2 = [a!, b!, c!].find((x) => x.teamId === data!.team2_id)!;
      await playMatch(team1, team2, id, [team1.seed < team2.seed ? 1 : 2]);
    }
    renderBracket(tournament.id);
    const row = await screen.findByRole('row', { name: new RegExp(`${a!.teamName} Champion`) });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2', '0', '+2']);
    expect(await screen.findByText('Tournament complete.')).toBeInTheDocument();
  });
});
