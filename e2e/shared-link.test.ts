// A shared tournament link keeps its way through signing in and signing up, whichever way the visitor
// goes: the Register button's Sign in, the header's Sign in, Sign up from the sign-in screen (also
// tapped before the app has taken the page over), and a guarded page's redirect (issue 29, item 5).
// Discord's way is discord-and-mail.test.ts's journey.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, newPlayerDetails, type Player } from './support/data.ts';
import { field, navLink, region, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

async function signUpHere(page: Page, me: Player): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Create Account' }));
  await field(page, 'Email').fill(me.email);
  await field(page, 'Username').fill(me.username);
  await field(page, 'Game ID').fill(me.gameId);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function signInHere(page: Page, me: Player): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Welcome Back' }));
  await field(page, 'Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On the tournament's page, Register asks a visitor to sign in: its link. */
async function registerThenSignIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await region(page, 'Your registration').getByRole('button', { name: 'Register' }).click();
  await region(page, 'Your registration').getByRole('link', { name: 'Sign in' }).click();
  await waitForPath(page, '/login');
}

describe('A shared tournament link', () => {
  it('leads back to the tournament after Register, Sign in, Sign up (phone)', async () => {
    const t = await createTournament('1v1', 8, 'E2E Shared');
    const path = `/tournaments/${t.id}`;
    const { page } = await newPerson(journey.browser, PHONE);
    await registerThenSignIn(page, path);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    await signUpHere(page, newPlayerDetails('shared'));
    await waitForPath(page, path);
    await visible(page.getByRole('heading', { level: 1, name: t.name }));
  });

  it('leads back after Register, Sign in, Sign up, then Sign in again (desktop)', async () => {
    const t = await createTournament('1v1', 8, 'E2E Shared');
    const path = `/tournaments/${t.id}`;
    const { page } = await newPerson(journey.browser, DESKTOP);
    await registerThenSignIn(page, path);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await waitForPath(page, '/login');
    await signInHere(page, await createPlayer('shared'));
    await waitForPath(page, path);
  });

  it("leads back after the header's Sign in, then Sign up", async () => {
    const t = await createTournament('1v1', 8, 'E2E Shared');
    const path = `/tournaments/${t.id}`;
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 1, name: t.name }));
    await (await navLink(page, 'Sign in')).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    await signUpHere(page, newPlayerDetails('shared'));
    await waitForPath(page, path);
  });

  it('keeps next when Sign up is tapped on the sign-in page before the app has taken it over', async () => {
    const t = await createTournament('1v1', 8, 'E2E Shared');
    const path = `/tournaments/${t.id}`;
    const { page } = await newPerson(journey.browser, PHONE);
    // The prerendered sign-in page, freshly loaded from the link, its Sign up followed at once.
    await page.goto(`/login?next=${encodeURIComponent(path)}`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await signUpHere(page, newPlayerDetails('shared'));
    await waitForPath(page, path);
  });

  it('brings a visitor sent to sign in by a guarded page back to it after Sign up', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto('/my-tournaments');
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/register');
    await signUpHere(page, newPlayerDetails('shared'));
    await waitForPath(page, '/my-tournaments');
  });
});
