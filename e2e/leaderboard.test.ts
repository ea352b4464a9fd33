// The leaderboard as a visitor finds it: from the landing page's promise and its recent winners, to
// /leaderboard with the seed's completed tournament ranked and the points explained.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { checkScreen } from './support/screens.ts';
import { visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

describe('The leaderboard', () => {
  it('takes a visitor from the landing page to the ranking of completed tournaments', async () => {
    const { page } = await newPerson(journey.browser, DESKTOP);
    await page.goto('/');
    const winners = page.getByRole('region', { name: 'Recent winners' });
    await visible(winners.getByRole('article', { name: 'Duo Hot Zone Showdown champion' }));
    await visible(winners.getByText('Heat Wave', { exact: true }));

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
