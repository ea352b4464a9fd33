// A player's own pages: My Tournaments (empty, then what they joined) and the contact form.
import { describe, expect, it } from 'vitest';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, playerId, registerAs } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import {
  card,
  field,
  fillRegistration,
  navLink,
  openHome,
  signInAt,
  submitRegistration,
  text,
  until,
  visible,
  waitForPath,
} from './support/ui.ts';

const journey = journeyBrowser();

describe('My Tournaments', () => {
  it('says "No tournaments joined yet." at first, then lists every tournament the player joined', async () => {
    const me = await createPlayer('mine');
    const solo = await createTournament('1v1', 8, 'E2E Mine');
    const duo = await createTournament('2v2', 8, 'E2E Mine');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, me);

    // Hold the first read so the loading screen shows for what it is.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/teams*', async (route) => {
      await held;
      await route.continue();
    });
    await (await navLink(page, 'My Tournaments')).click();
    await waitForPath(page, '/my-tournaments');
    await visible(text(page, 'Loading your tournaments...'));
    release();
    await visible(text(page, 'No tournaments joined yet.'));
    expect(await (await navLink(page, 'My Tournaments')).getAttribute('aria-current')).toBe('page');
    await checkScreen(page, 'my-tournaments-empty');

    // One through the card on /home, one from another device.
    await openHome(page);
    const form = await fillRegistration(card(page, solo.name), { players: [{ id: playerId(), name: 'MineSolo' }] });
    await submitRegistration(form);
    await visible(text(card(page, solo.name), 'Wait for the Discord Link'));
    await registerAs(me, duo, undefined, 'Mine Duo');

    await (await navLink(page, 'My Tournaments')).click();
    await waitForPath(page, '/my-tournaments');
    await visible(page.getByRole('heading', { name: solo.name }));
    await visible(page.getByRole('heading', { name: duo.name }));
    await visible(text(page, 'Mine Duo'));
    expect(await text(page, 'No tournaments joined yet.').count()).toBe(0);
    await checkScreen(page, 'my-tournaments');
  });
});

describe('Contact Us', () => {
  it('sends a message: "Submitting..." while sending, then "Message submitted successfully!" and empty fields', async () => {
    const me = await createPlayer('contact');
    const { page } = await newPerson(journey.browser);
    await signInAt(page, me);
    await page.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await waitForPath(page, '/contactus');
    await visible(page.getByRole('heading', { name: 'Contact Us' }));
    // The signed-in player's e-mail is filled in.
    await until(
      () => field(page, 'Email').inputValue(),
      (v) => v === me.email,
      10_000,
      'the e-mail filled in',
    );
    await checkScreen(page, 'contact');

    await field(page, 'Subject').fill('Bracket times');
    await field(page, 'Message').fill('When does the next Brawl Ball bracket start?');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/contact_messages*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const sending = page.getByRole('button', { name: 'Submitting...' });
    await visible(sending);
    expect(await sending.isDisabled()).toBe(true);
    release();

    await visible(text(page, 'Message submitted successfully!'));
    for (const label of ['Email', 'Subject', 'Message']) expect(await field(page, label).inputValue()).toBe('');
    await visible(page.getByRole('button', { name: 'Submit' }));
    await checkScreen(page, 'contact-sent');
  });

  it('is open to visitors and requires email, subject and message', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto('/contactus');
    await visible(page.getByRole('heading', { name: 'Contact Us' }));
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const label of ['Email', 'Subject', 'Message']) {
      await until(
        () => field(page, label).getAttribute('aria-invalid'),
        (v) => v === 'true',
        5_000,
        `${label} marked invalid`,
      );
    }
    expect(await text(page, 'Message submitted successfully!').count()).toBe(0);
  });
});
