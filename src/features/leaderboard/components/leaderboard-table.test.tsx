import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { signInApp } from '@/testing/users';

// The stack's seed has one completed tournament (Duo Hot Zone Showdown): Heat Wave (GemQueen,
// BoltEdgar) won it, Zone Lords (NovaStrike, CrowByte) were second.
const GEM_QUEEN = { email: 'gem.queen@example.com', password: 'brawlcup-player' };

function rowOf(table: HTMLElement, player: string) {
  return within(table)
    .getByRole('rowheader', { name: new RegExp(`^${player}`) })
    .closest('tr')!;
}

describe('Leaderboard (/leaderboard)', () => {
  it('ranks players of completed tournaments for a visitor, and says how points are counted', async () => {
    renderApp('/leaderboard');
    expect(await screen.findByRole('heading', { name: 'Leaderboard', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    // Points, titles and finals (the rank also counts tournaments other tests completed on the shared stack).
    const champion = within(rowOf(table, 'GemQueen')).getAllByRole('cell');
    expect(champion.map((c) => c.textContent).slice(1)).toEqual(['10', '1', '1']);
    const finalist = within(rowOf(table, 'NovaStrike')).getAllByRole('cell');
    expect(finalist.map((c) => c.textContent).slice(1)).toEqual(['7', '0', '1']);
    expect(Number(champion[0]!.textContent)).toBeLessThan(Number(finalist[0]!.textContent));
    expect(within(table).queryByText('You')).toBeNull();

    const points = screen.getByRole('table', { name: 'How points work' });
    const rows = within(points)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['1st10', '2nd7', '3rd-4th5', '5th-8th3', 'Any other place1']);
  });

  it("marks the signed-in player's own row", async () => {
    await signInApp(GEM_QUEEN);
    renderApp('/leaderboard');
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const mine = rowOf(table, 'GemQueen');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(rowOf(table, 'BoltEdgar')).not.toHaveAttribute('aria-current');
  });

  it('says so past the last page, with the way back to the top', async () => {
    renderApp('/leaderboard?page=999');
    expect(await screen.findByText('No players on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the top' })).toHaveAttribute('href', '/leaderboard');
  });
});
