// The administrator's dashboard (add, edit, view teams, delete), who may not see it, and Logout.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPerson, pathOf, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, discordLinkOf, listTournaments, registerAs, tag } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { field, navLink, signInAt, text, until, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

function notice(page: Page, message: string) {
  return page.getByRole('status').filter({ hasText: message });
}

describe('Admin dashboard', () => {
  it('lets the administrator add, edit, inspect and delete a tournament', async () => {
    const { page } = await newPerson(journey.browser);
    await signInAt(page, ADMIN, '/admindashboard');
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await visible(page.getByRole('button', { name: 'Add Tournament' }));
    await visible(page.getByRole('button', { name: 'Manage Tournaments' }));
    await visible(page.getByRole('article', { name: 'Brawl Ball Trios Cup' }));
    await checkScreen(page, 'admin-dashboard');

    // Add
    const name = `E2E Admin Cup ${tag()}`;
    await page.getByRole('button', { name: 'Add Tournament' }).click();
    await visible(page.getByRole('heading', { name: 'New Tournament' }));
    await field(page, 'Tournament Name').fill(name);
    await field(page, 'Description').fill('Admin-made 2v2 Gem Grab');
    expect(await field(page, 'Thumbnail URL').inputValue()).toBe('/banners/brawlcup.svg');
    await field(page, 'Slots').fill('6');
    await page.getByRole('combobox', { name: 'Type' }).selectOption('2v2');
    await field(page, 'Discord Link').fill('https://discord.gg/e2e-admin');
    await checkScreen(page, 'admin-form-create');
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await visible(notice(page, 'Tournament added successfully'));
    const article = page.getByRole('article', { name, exact: true });
    await visible(article);
    await visible(text(article, '0 / 6 teams'));
    const created = (await listTournaments()).find((t) => t.name === name);
    expect(created).toMatchObject({
      description: 'Admin-made 2v2 Gem Grab',
      slots: 6,
      type: '2v2',
    });
    // The invite is write-only in the table; the database hands it out through discord_link().
    expect(await discordLinkOf(created!.id)).toBe('https://discord.gg/e2e-admin');

    // Edit: the name is locked, the button reads Update Tournament.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await visible(page.getByRole('heading', { name: `Edit ${name}` }));
    const nameField = field(page, 'Tournament Name');
    expect(await nameField.isDisabled()).toBe(true);
    expect(await nameField.inputValue()).toBe(name);
    expect(await page.getByRole('button', { name: 'Create Tournament' }).count()).toBe(0);
    await checkScreen(page, 'admin-form-edit');
    await field(page, 'Description').fill('Admin-made 2v2 Gem Grab, now best of five');
    await field(page, 'Slots').fill('8');
    await page.getByRole('button', { name: 'Update Tournament' }).click();
    await visible(notice(page, 'Tournament updated successfully'));
    await visible(text(article, '0 / 8 teams'));
    const edited = (await listTournaments()).find((t) => t.id === created!.id);
    expect(edited).toMatchObject({ name, description: 'Admin-made 2v2 Gem Grab, now best of five', slots: 8 });

    // View teams: a team registered by a player, expandable to its players.
    const player = await createPlayer('adminview');
    const ids = await registerAs(player, created!, undefined, 'Admin View Squad');
    await page.getByRole('button', { name: `View Teams for ${name}` }).click();
    const teams = page.getByRole('region', { name: `Teams of ${name}` });
    await visible(teams);
    await visible(teams.getByRole('button', { name: /^Admin View Squad/ }));
    await teams.getByRole('button', { name: /^Admin View Squad/ }).click();
    const players = teams.getByLabel('Players of Admin View Squad', { exact: true });
    await visible(players);
    for (const id of ids) await visible(text(players, `#${id}`));
    await visible(text(players, 'Brawler1'));
    await checkScreen(page, 'admin-teams');
    // The roster has an address: Back and Forward move between it and the grid.
    expect(pathOf(page)).toBe(`/admindashboard/tournaments/${created!.id}/teams`);
    await page.getByRole('button', { name: 'Close team list' }).click();
    await visible(article);
    await page.goBack();
    await visible(teams.getByRole('button', { name: /^Admin View Squad/ }));
    await page.goForward();
    await visible(article);

    // Delete, after the confirmation.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(text(dialog, 'Are you sure you want to delete this tournament?'));
    await checkScreen(page, 'admin-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(article);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await visible(text(page.getByRole('dialog'), 'Are you sure you want to delete this tournament?'));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(notice(page, 'Tournament and associated data deleted successfully'));
    await article.waitFor({ state: 'detached' });
    expect((await listTournaments()).some((t) => t.id === created!.id)).toBe(false);
  });

  it('refuses /admindashboard to a player and to a visitor', async () => {
    const me = await createPlayer('notadmin');
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto('/admindashboard');
    await visible(page.getByRole('heading', { name: 'You are not allowed to view this page' }));

    await signInAt(page, me);
    await page.goto('/admindashboard');
    await visible(page.getByRole('heading', { name: 'You are not allowed to view this page' }));
    expect(await page.getByRole('button', { name: 'Add Tournament' }).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(0);
    await checkScreen(page, 'admin-refused');
  });
});

describe('Logout', () => {
  it('signs out: the header link goes to /, and /profile then sends to /login', async () => {
    const me = await createPlayer('logout');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, me);
    const logout = await navLink(page, 'Logout');
    expect(await logout.getAttribute('href')).toBe('/');
    await logout.click();
    await page.waitForURL((url) => url.pathname !== '/home', { waitUntil: 'commit' });
    await until(
      () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')).length),
      (n) => n === 0,
      10_000,
      'the stored session is gone',
    );
    // Logout is a link to / (spec section 2): the landing page, not the sign-in form.
    const landed = await until(
      async () => pathOf(page),
      (p) => p === '/',
      3_000,
      'Logout lands on /',
    ).catch(() => pathOf(page));
    expect.soft(landed, 'Logout should land on /').toBe('/');
    await page.goto('/profile');
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    expect(pathOf(page)).toBe('/login');
  });
});

describe('Unknown paths', () => {
  it('shows the 404 screen for an unknown path', async () => {
    const { page } = await newPerson(journey.browser);
    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await checkScreen(page, 'not-found');
  });
});
