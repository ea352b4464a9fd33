// The organiser's console (issue 29, item 15): the roster offers Check in only to teams that hold a
// slot, and the messages sent through the contact form have a screen, where an administrator reads
// them, answers by e-mail and marks them answered.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, createTournament, registerAs, tag, uniqueEmail } from './support/data.ts';
import { joinWaitlist } from './support/played.ts';
import { checkScreen } from './support/screens.ts';
import { field, signInAt, text, visible, waitForPath } from './support/ui.ts';

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

  it('has a screen for the contact messages: read, answer by e-mail, mark answered (item 15)', async () => {
    const subject = `Prize question ${tag()}`;
    const sender = uniqueEmail('asker');
    // A visitor writes through the contact form.
    const visitor = (await newPerson(journey.browser, PHONE)).page;
    await visitor.goto('/contactus');
    await field(visitor, 'Email').fill(sender);
    await field(visitor, 'Subject').fill(subject);
    await visitor.getByRole('textbox', { name: 'Message' }).fill('Is the prize paid in gems?');
    await visitor.getByRole('button', { name: 'Submit' }).click();
    await visible(text(visitor, 'Message submitted successfully!'));

    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newPerson(journey.browser, viewport);
      await signInAt(page, ADMIN, '/admindashboard');
      await page.getByRole('button', { name: 'Messages' }).click();
      await waitForPath(page, '/admindashboard/messages');
      const message = page.getByRole('article', { name: subject });
      await visible(message);
      await visible(text(message, 'Is the prize paid in gems?'));
      await visible(message.getByRole('link', { name: sender }));
      const answer = message.getByRole('link', { name: 'Answer by e-mail' });
      expect(await answer.getAttribute('href')).toBe(
        `mailto:${sender}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
      );
      if (viewport === PHONE) {
        await checkScreen(page, 'admin-messages', message);
        // Marked answered: it moves to Answered, for every administrator, after a reload too.
        await message.getByRole('button', { name: 'Mark answered' }).click();
        await visible(page.getByRole('region', { name: /^Answered/ }).getByRole('article', { name: subject }));
        await page.reload();
        await visible(page.getByRole('region', { name: /^Answered/ }).getByRole('article', { name: subject }));
      } else {
        await visible(message.getByRole('button', { name: 'Mark as waiting' }));
        await visible(text(message, /^Answered /));
      }
    }
  });
});
