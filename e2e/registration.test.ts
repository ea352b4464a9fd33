// Registering for tournaments from /home: the three types with the countdown, Skip Ad and the
// Discord link, and every registration error of spec section 5 as players meet them.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import {
  createPlayer,
  createTournament,
  playerId,
  registerAs,
  seededFull,
  seededWithFreeSlots,
  discordLinkOf,
  type Player,
  type Tournament,
} from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { plural } from '../src/lib/plural.ts';
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
} from './support/ui.ts';

const INVALID_ID = 'Invalid player ID format. Must be 9 characters with optional #.';
const ALREADY_REGISTERED = 'You have already registered for this tournament.';

const journey = journeyBrowser();

async function signedInPlayer(viewport = PHONE): Promise<{ page: Page; me: Player; close: () => Promise<void> }> {
  const me = await createPlayer('reg');
  const { page, context } = await newPerson(journey.browser, viewport);
  // A controllable clock for the 5-second countdown; it runs normally until a test pauses it.
  await page.clock.install();
  await signInAt(page, me);
  return { page, me, close: () => context.close() };
}

function progressOf(c: Locator) {
  return c.getByRole('progressbar', { name: 'Registration Progress' });
}

async function expectCardCounts(c: Locator, t: Pick<Tournament, 'slots'>, teams: number) {
  await visible(text(c, `${plural(t.slots - teams, 'slot')} left`));
  expect(await progressOf(c).getAttribute('aria-valuenow')).toBe(String(Math.round((teams / t.slots) * 100)));
}

/** The success panel: the Discord invite, its link to the tournament's discordlink in a new tab. */
async function expectSuccess(c: Locator, t: Tournament) {
  await visible(text(c, 'Team registered successfully'));
  await visible(text(c, 'Join The Discord Server for Match Updates'));
  const join = c.getByRole('link', { name: 'Join Discord' });
  expect(await join.getAttribute('href')).toBe(await discordLinkOf(t.id));
  expect(await join.getAttribute('target')).toBe('_blank');
  await visible(text(c, ALREADY_REGISTERED));
  expect(await c.getByRole('button', { name: 'Register Now' }).count()).toBe(0);
}

describe('Registering for tournaments', () => {
  it('registers solo for a 1v1: a 5-second "Wait for the Discord Link" countdown, then the Join Discord link', async () => {
    const { page, close } = await signedInPlayer();
    const t = await seededWithFreeSlots('1v1');
    // Hold the list's read to see the loading state: coming to /home from another screen (opened by
    // its address, /home comes with its list, rendered by the server).
    await page.goto('/profile');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/tournaments*', async (route) => {
      await held;
      await route.continue();
    });
    await (await navLink(page, 'Tournaments')).click();
    await visible(page.getByRole('status').filter({ hasText: 'Loading tournaments...' }));
    release();
    const c = card(page, t.name);
    await visible(c);
    await visible(c.getByRole('heading', { name: t.description }));
    await visible(text(c, '1v1 Tournament'));
    await expectCardCounts(c, t, t.registered_teams);

    await c.getByRole('button', { name: 'Register Now' }).click();
    await visible(c.getByRole('button', { name: 'Close Registration' }));
    const form = c.getByRole('form');
    // Solo: no team name, one player.
    expect(await field(form, 'Team Name').count()).toBe(0);
    expect(await field(form, 'Player 2 ID').count()).toBe(0);
    await checkScreen(page, 'home-registration-form', form);
    await c.getByRole('button', { name: 'Close Registration' }).click();
    await visible(c.getByRole('button', { name: 'Register Now' }));
    expect(await form.count()).toBe(0);

    const filled = await fillRegistration(c, { players: [{ id: playerId(), name: 'SoloStar' }] });
    // Stop time so the countdown can be read second by second.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
    await submitRegistration(filled);
    await visible(text(c, 'Wait for the Discord Link'));
    await visible(text(c, '5 seconds'));
    await visible(c.getByRole('button', { name: 'Skip Ad' }));
    await checkScreen(page, 'registration-countdown', c.getByRole('button', { name: 'Skip Ad' }));
    // One tick at a time: each second's timer is set after the previous one has rendered.
    for (const left of ['4 seconds', '3 seconds', '2 seconds', '1 second']) {
      await page.clock.runFor(1000);
      await visible(text(c, left));
    }
    expect(await text(c, 'Team registered successfully').count()).toBe(0);
    await page.clock.runFor(1000);
    await expectSuccess(c, t);
    await page.clock.resume();
    await expectCardCounts(c, t, t.registered_teams + 1);
    await checkScreen(page, 'registration-success', c.getByRole('link', { name: 'Join Discord' }));
    await close();
  });

  it('registers a 2v2 team, and Skip Ad ends the countdown early', async () => {
    const { page, close } = await signedInPlayer();
    const t = await seededWithFreeSlots('2v2');
    await openHome(page);
    const c = card(page, t.name);
    await visible(text(c, '2v2 Tournament'));
    await c.getByRole('button', { name: 'Register Now' }).click();
    const form = c.getByRole('form');
    await visible(field(form, 'Team Name'));
    expect(await field(form, 'Player 3 ID').count()).toBe(0);
    await c.getByRole('button', { name: 'Close Registration' }).click();

    // With and without the optional #.
    const filled = await fillRegistration(c, {
      teamName: 'Duo Dynamos',
      players: [
        { id: `#${playerId()}`, name: 'DuoOne' },
        { id: playerId(), name: 'DuoTwo' },
      ],
    });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
    await submitRegistration(filled);
    await visible(text(c, 'Wait for the Discord Link'));
    await c.getByRole('button', { name: 'Skip Ad' }).click();
    await expectSuccess(c, t);
    await page.clock.resume();
    await expectCardCounts(c, t, t.registered_teams + 1);
    await close();
  });

  it('registers a 3v3 team', async () => {
    const { page, close } = await signedInPlayer();
    const t = await seededWithFreeSlots('3v3');
    await openHome(page);
    const c = card(page, t.name);
    await visible(text(c, '3v3 Tournament'));
    const filled = await fillRegistration(c, {
      teamName: 'Trio Titans',
      players: [
        { id: playerId(), name: 'TrioOne' },
        { id: playerId().toLowerCase(), name: 'TrioTwo' },
        { id: `#${playerId()}`, name: 'TrioThree' },
      ],
    });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50));
    await submitRegistration(filled);
    await visible(c.getByRole('button', { name: 'Skip Ad' }));
    await c.getByRole('button', { name: 'Skip Ad' }).click();
    await expectSuccess(c, t);
    await page.clock.resume();
    await expectCardCounts(c, t, t.registered_teams + 1);

    // After a reload the card remembers: no form, the already-registered message.
    await openHome(page);
    await visible(text(card(page, t.name), ALREADY_REGISTERED));
    expect(await card(page, t.name).getByRole('button', { name: 'Register Now' }).count()).toBe(0);
    await close();
  });
});

describe('Registration errors (spec section 5)', () => {
  it('rejects each invalid player ID with the format message, and registers nothing', async () => {
    const t = await createTournament('3v3', 4);
    const { page, close } = await signedInPlayer();
    await openHome(page);
    const c = card(page, t.name);
    const form = await fillRegistration(c, {
      teamName: 'Bad Tags',
      players: [
        { id: '12345678', name: 'TooShort' }, // 8 characters
        { id: '1234567890', name: 'TooLong' }, // 10 without the #, 11 with it
        { id: '#1234567', name: 'HashShort' }, // # and 7
      ],
    });
    await submitRegistration(form);
    for (const slot of [1, 2, 3]) {
      const input = field(form, `Player ${slot} ID`);
      await until(
        () => input.getAttribute('aria-invalid'),
        (v) => v === 'true',
        5_000,
        `Player ${slot} ID marked invalid`,
      );
      const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
      const description = await page.evaluate(
        (ids) =>
          ids
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        describedBy,
      );
      expect(description).toContain(INVALID_ID);
    }
    expect(await text(form, INVALID_ID).count()).toBe(3);
    await checkScreen(page, 'registration-invalid-ids', form);

    // A 1v1 checks its one player the same way.
    const solo = await createTournament('1v1', 4);
    await openHome(page);
    const s = card(page, solo.name);
    // (The input takes at most 10 characters: 10 letters without the # are one too many.)
    const soloForm = await fillRegistration(s, { players: [{ id: 'ABCDEFGHIJ', name: 'TooLongToo' }] });
    await submitRegistration(soloForm);
    await visible(text(soloForm, INVALID_ID));

    await expectCardCounts(card(page, t.name), t, 0);
    await expectCardCounts(s, solo, 0);
    await close();
  });

  it('requires a team name for 2v2 and 3v3: "Team name is required."', async () => {
    const t = await createTournament('2v2', 4);
    const { page, close } = await signedInPlayer();
    await openHome(page);
    const c = card(page, t.name);
    const form = await fillRegistration(c, {
      teamName: '',
      players: [
        { id: playerId(), name: 'NoTeamOne' },
        { id: playerId(), name: 'NoTeamTwo' },
      ],
    });
    await submitRegistration(form);
    await visible(text(form, 'Team name is required.'));
    expect(await text(c, 'Wait for the Discord Link').count()).toBe(0);
    await close();
  });

  it('rejects a player ID that another team of the tournament already has', async () => {
    const t = await createTournament('2v2', 4);
    const rival = await createPlayer('rival');
    const [taken] = await registerAs(rival, t);
    const { page, close } = await signedInPlayer();
    await openHome(page);
    const c = card(page, t.name);
    await expectCardCounts(c, t, 1);
    const form = await fillRegistration(c, {
      teamName: 'Copycats',
      // Typed in lower case and without the #: the check sees the stored form.
      players: [
        { id: playerId(), name: 'Original' },
        { id: taken!.toLowerCase(), name: 'Copy' },
      ],
    });
    await submitRegistration(form);
    await visible(c.getByRole('alert').filter({ hasText: `Player ID #${taken} is already registered.` }));
    await checkScreen(page, 'registration-error', form);
    await expectCardCounts(c, t, 1);
    await close();
  });

  it('refuses a second registration by the same player: "You have already registered for this tournament."', async () => {
    const t = await createTournament('1v1', 4);
    const { page, me, close } = await signedInPlayer();
    await openHome(page);
    const c = card(page, t.name);
    const form = await fillRegistration(c, { players: [{ id: playerId(), name: 'FirstTab' }] });
    // Meanwhile the same player registers from another tab or device.
    await registerAs(me, t);
    await submitRegistration(form);
    await visible(c.getByRole('alert').filter({ hasText: ALREADY_REGISTERED }));

    await openHome(page);
    const again = card(page, t.name);
    await visible(text(again, ALREADY_REGISTERED));
    expect(await again.getByRole('button', { name: 'Register Now' }).count()).toBe(0);
    await close();
  });

  it('shows "The tournament is full" instead of Register Now, for the seed\'s full tournament and one that fills up', async () => {
    const full = await seededFull();
    const t = await createTournament('1v1', 1);
    const { page, close } = await signedInPlayer();
    await openHome(page);

    const seeded = card(page, full.name);
    await visible(text(seeded, 'The tournament is full'));
    expect(await seeded.getByRole('button', { name: 'Register Now' }).count()).toBe(0);
    await visible(text(seeded, '0 slots left'));
    expect(await progressOf(seeded).getAttribute('aria-valuenow')).toBe('100');

    // One slot left: the form is open when someone else takes it.
    const c = card(page, t.name);
    await expectCardCounts(c, t, 0);
    await fillRegistration(c, { players: [{ id: playerId(), name: 'TooLate' }] });
    await registerAs(await createPlayer('lastslot'), t);
    await visible(text(c, 'The tournament is full'));
    expect(await c.getByRole('form').count()).toBe(0);
    await expectCardCounts(c, t, 1);
    await checkScreen(page, 'home-full-tournament', c);
    await close();
  });

  it('refuses a registration the server finds full, when the page has not heard of the last slot going', async () => {
    const t = await createTournament('1v1', 1);
    const me = await createPlayer('offline');
    const { page } = await newPerson(journey.browser);
    // No Realtime for this page: it keeps showing the slot that someone else is about to take.
    await page.routeWebSocket(/\/realtime\/v1\//, () => {});
    await signInAt(page, me);
    await openHome(page);
    const c = card(page, t.name);
    await expectCardCounts(c, t, 0);
    const form = await fillRegistration(c, { players: [{ id: playerId(), name: 'Offline' }] });
    await registerAs(await createPlayer('quicker'), t);
    await submitRegistration(form);
    await visible(c.getByRole('alert').filter({ hasText: 'The tournament is full' }));
    expect(await text(c, 'Wait for the Discord Link').count()).toBe(0);
  });
});
