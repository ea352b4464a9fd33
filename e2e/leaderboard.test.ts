// The leaderboard as a visitor finds it: from the landing page's promise and its recent winners, to
// /leaderboard with the seed's completed tournament ranked and the points explained.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { checkScreen } from './support/screens.ts';
import { listTournaments } from './support/data.ts';
import { scrollToWinners, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

describe('The leaderboard', () => {
  it('takes a visitor from the landing page to the ranking of completed tournaments', async () => {
    // Other journeys on this stack complete tournaments too: the latest one leads the recent winners.
    const latest = (await listTournaments())
      .filter((t) => t.completed_at !== null && t.cancelled_at === null)
      .sort((a, b) => b.completed_at!.localeCompare(a.completed_at!))[0]!;
    const { page } = await newPerson(journey.browser, DESKTOP);
    await page.goto('/');
    await scrollToWinners(page);
    const winners = page.getByRole('region', { name: 'Recent winners' });
    await visible(winners.getByRole('article').first());
    expect(await winners.getByRole('article').first().getAttribute('aria-label')).toBe(`${latest.name} champion`);

    await page.getByRole('link', { name: 'leaderboard', exact: true }).click();
    await waitForPath(page, '/leaderboard');
    const table = page.getByRole('table', { name: 'Leaderboard' });
    const champion = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'GemQueen' }) });
    await visible(champion);
    expect(await champion.getByRole('cell').allTextContents()).toEqual(['1', '10', '1', '1']);
    await visible(page.getByRole('table', { name: 'How points work' }));
    await checkScreen(page, 'leaderboard');
  });
});
