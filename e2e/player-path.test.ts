// A player's path through a tournament on a phone and a desktop (issue 29, items 9, 11, 12, 13 and
// 15): check-in's window said and counted down, the first tap on the prerendered sign-in forms, the
// standings that fit a phone, 1v1 spoken of as players, and the profile's toast clear of the header.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { playedTournament, playOut } from './support/played.ts';
import { checkScreen } from './support/screens.ts';
import { field, holdApp, navLink, region, signInAt, text, visible, waitForPath } from './support/ui.ts';
import { createPlayer, createTournament, newPlayerDetails, registerAs, updateTournament } from './support/data.ts';

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
    expect(shown).toEqual(['Place', 'Player', 'W', 'L', '+/-']);
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

describe('A 1v1 tournament', () => {
  it('speaks of players, not teams (item 13)', async () => {
    const t = await playedTournament('1v1', ['PiperPop', 'MaxMomentum']);
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, t.players[0]!);
    await page.goto(`/tournaments/${t.id}`);
    const match = region(page, 'Your match');
    await visible(text(match, /PiperPop vs MaxMomentum/));
    expect(await match.textContent()).not.toContain('(MaxMomentum)');
    await visible(text(region(page, 'Your registration'), 'Your entry'));

    // Reporting without picking a winner says so without "team 1 or team 2".
    await page.getByRole('button', { name: /PiperPop vs MaxMomentum/ }).click();
    const dialog = page.getByRole('dialog', { name: 'PiperPop vs MaxMomentum' });
    await dialog.getByRole('button', { name: 'Report result' }).click();
    const form = dialog.getByRole('form', { name: 'Report result' });
    await form.getByRole('button', { name: 'Send result' }).click();
    await visible(text(form, 'Each game needs its winner.').first());
    expect(await form.textContent()).not.toMatch(/team 1|team 2/i);
    await checkScreen(page, 'solo-report-form', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // My Tournaments names the player they play as, not a team called "Solo".
    await page.goto('/my-tournaments');
    const entry = page.getByRole('article', { name: t.name });
    await visible(text(entry, /Playing as/));
    await visible(entry.getByText('PiperPop', { exact: true }));
    expect(await entry.textContent()).not.toContain('Team: Solo');
    await checkScreen(page, 'solo-my-tournaments', entry);

    // Once it is over, the standings list players.
    await playOut(t.id);
    await page.goto(`/tournaments/${t.id}`);
    const table = page.getByRole('table', { name: 'Standings' });
    await visible(table.getByRole('columnheader', { name: 'Player' }), 20_000);
    expect(await table.getByRole('columnheader', { name: 'Team' }).count()).toBe(0);
  });
});

describe('The profile', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`says it was saved without covering the navigation, on a ${size} (item 15)`, async () => {
      const me = await createPlayer('toast');
      const { page } = await newPerson(journey.browser, viewport);
      await signInAt(page, me);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit' }).click();
      await field(page, 'Username').fill(`Toasty${me.username.slice(-6)}`);
      await page.getByRole('button', { name: 'Save' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Profile updated successfully' });
      await visible(toast);
      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await toast.boundingBox())!;
      const overlaps = box.y < header.y + header.height && box.y + box.height > header.y;
      expect(overlaps, `toast at y=${box.y}..${box.y + box.height}, header to ${header.y + header.height}`).toBe(false);
      // The navigation still answers while the toast shows.
      await (await navLink(page, 'My Tournaments')).click();
      await waitForPath(page, '/my-tournaments');
    });
  }
});

describe('Check-in', () => {
  it('says the window, counts down, and shows Check in the moment it opens, above the fold (item 9)', async () => {
    const opensIn = 25_000;
    const start = Date.now() + 2 * 3_600_000;
    const t = await createTournament('1v1', 4, 'E2E Check-in window', { starts_at: new Date(start).toISOString() });
    const me = await createPlayer('checkin');
    await registerAs(me, t, undefined, '', ['Punctual']);
    const opens = Date.now() + opensIn;
    await updateTournament(t.id, {
      checkin_opens_at: new Date(opens).toISOString(),
      checkin_closes_at: new Date(opens + 3_600_000).toISOString(),
    });
    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, me);
    await page.goto(`/tournaments/${t.id}`);
    const line = text(page, /Check-in: /);
    await visible(line);
    expect(await line.textContent()).toMatch(/opens in 00:\d\d\)$/);
    const before = await line.textContent();
    await expect.poll(() => line.textContent(), { timeout: 5_000 }).not.toBe(before);
    const mine = region(page, 'Your registration');
    expect(await mine.getByRole('button', { name: 'Check in' }).count()).toBe(0);

    // The window opens: the button is there at once (not at the page's next read, a minute later).
    const button = mine.getByRole('button', { name: 'Check in' });
    await button.waitFor({ state: 'visible', timeout: opens - Date.now() + 8_000 });
    await visible(text(page, /Check-in: .*\(open, closes in 59:\d\d\)$/));
    // A desktop shows it without scrolling.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await button.boundingBox())!;
    expect(box.y + box.height, 'the Check in button is above the fold').toBeLessThanOrEqual(DESKTOP.height);
    await checkScreen(page, 'check-in-open', button);
    await button.click();
    await visible(text(mine, 'Checked in'));
  });
});

describe('The prerendered sign-in forms', () => {
  /** What a browser's autofill does: the values are there, nothing was focused or typed. */
  async function autofill(page: Page, values: Record<string, string>): Promise<void> {
    await page.evaluate((v) => {
      for (const [name, value] of Object.entries(v)) {
        const input = document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`)!;
        input.value = value;
      }
    }, values);
  }

  /** One tap on the button, where it is, whether or not the page is ready for it. */
  async function tap(page: Page, name: string): Promise<void> {
    const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  it('sends an autofilled Welcome Back form on the first tap, before the app has arrived, on a phone (item 11)', async () => {
    const me = await createPlayer('firsttap');
    const { page } = await newPerson(journey.browser, PHONE);
    const release = await holdApp(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await autofill(page, { email: me.email, password: me.password });
    await tap(page, 'Sign in');
    release();
    await waitForPath(page, '/home', 30_000);
    expect(page.url()).not.toContain(encodeURIComponent(me.password));
  });

  it('sends an autofilled Create Account form on the first tap, on a desktop (item 11)', async () => {
    const me = newPlayerDetails('firstreg');
    const { page } = await newPerson(journey.browser, DESKTOP);
    const release = await holdApp(page);
    await page.goto('/register', { waitUntil: 'networkidle' });
    await autofill(page, { email: me.email, username: me.username, gameId: `#${me.gameId}`, password: me.password });
    await tap(page, 'Create Account');
    release();
    await waitForPath(page, '/home', 30_000);
    expect(page.url()).not.toContain(encodeURIComponent(me.password));
  });
});
