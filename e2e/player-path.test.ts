// A player's path through a tournament on a phone and a desktop (issue 29, items 9, 11, 12, 13 and
// 15): check-in's window said and counted down, the first tap on the prerendered sign-in forms, the
// standings that fit a phone, 1v1 spoken of as players, and the profile's toast clear of the header.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { playedTournament } from './support/played.ts';
import { checkScreen } from './support/screens.ts';
import { region, visible } from './support/ui.ts';

const journey = journeyBrowser();

describe("The player's path", () => {
  it('shows the whole standings table on a phone, every column in view (item 12)', async () => {
    const t = await playedTournament('1v1', ['PiperPopStar', 'MaxMomentum', 'ShellyShocks', 'ColtCarnage'], {
      finish: true,
    });
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto(`/tournaments/${t.id}`);
    const table = page.getByRole('table', { name: 'Standings' });
    await visible(table, 20_000);
    await table.scrollIntoViewIfNeeded();
    // Every column a phone shows lies inside the Bracket card, none behind its right edge.
    const cardBox = (await region(page, 'Bracket').boundingBox())!;
    const shown = [];
    for (const header of await table.getByRole('columnheader').all()) {
      if (!(await header.isVisible())) continue;
      const box = (await header.boundingBox())!;
      shown.push(await header.textContent());
      expect(box.x + box.width, `${await header.textContent()} column's right edge`).toBeLessThanOrEqual(
        cardBox.x + cardBox.width,
      );
    }
    expect(shown).toEqual(['Place', 'Team', 'W', 'L', '+/-']);
    await visible(table.getByRole('rowheader', { name: /PiperPopStar/ }));
    await checkScreen(page, 'standings-phone', table);
    const desktop = (await newPerson(journey.browser, DESKTOP)).page;
    await desktop.goto(`/tournaments/${t.id}`);
    await visible(
      desktop.getByRole('table', { name: 'Standings' }).getByRole('columnheader', { name: 'Seed' }),
      20_000,
    );
  });
});
