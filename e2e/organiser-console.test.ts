// The organiser's console (issue 29, item 15): the roster offers Check in only to teams that hold a
// slot, and the messages sent through the contact form have a screen, where an administrator reads
// them, answers by e-mail and marks them answered.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, createTournament, registerAs } from './support/data.ts';
import { joinWaitlist } from './support/played.ts';
import { checkScreen } from './support/screens.ts';
import { signInAt, visible } from './support/ui.ts';

const journey = journeyBrowser();

describe("The organiser's console", () => {
  it('offers Check in to registered teams only, not to the waitlist (item 15)', async () => {
    const t = await createTournament('1v1', 1, 'E2E Roster');
    await registerAs(await createPlayer('holder'), t, undefined, '', ['Holder']);
    await joinWaitlist(await createPlayer('waiting'), t, 'Waiter');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newPerson(journey.browser, viewport);
      await signInAt(page, ADMIN, '/admindashboard');
      await page.goto(`/admindashboard/tournaments/${t.id}/teams`);
      const waitlist = page.getByRole('region', { name: 'Waitlist' });
      await visible(waitlist.getByRole('button', { name: 'Remove Waiter' }));
      expect(await waitlist.getByRole('button', { name: /Check in/ }).count()).toBe(0);
      await visible(
        page.getByRole('region', { name: 'Registered teams' }).getByRole('button', { name: 'Check in Holder' }),
      );
      if (viewport === PHONE) await checkScreen(page, 'roster-waitlist', waitlist);
    }
  });
});
