// What people do on the site, the way they do it: by role, label and visible text.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pathOf } from './browser.ts';
import type { Player } from './data.ts';

/** Waits until the page is at `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
  expect(pathOf(page)).toBe(path);
}

/** Waits for a visible element and hands it back. */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * What only the app fills in on the landing page (the recent winners, the ad) comes once the visitor
 * scrolls toward it: the prerendered page fetches the app then (src/boot.ts), or on a first interaction.
 */
export async function scrollToWinners(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Statistics' }).scrollIntoViewIfNeeded();
}

export function text(page: Page | Locator, value: string | RegExp): Locator {
  return page.getByText(value, { exact: typeof value === 'string' });
}

export async function signIn(page: Page, who: Pick<Player, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await visible(page.getByRole('heading', { name: 'Welcome Back' }));
  await field(page, 'Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits for /home (players) or another landing path. */
export async function signInAt(page: Page, who: Pick<Player, 'email' | 'password'>, landing = '/home'): Promise<void> {
  await signIn(page, who);
  await waitForPath(page, landing);
}

/** The registration card of a tournament on /home (an <article> named after the tournament). */
export function card(page: Page | Locator, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

export async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await visible(page.getByRole('heading', { name: 'Tournaments', level: 1 }));
  // The cards replace the loading skeletons.
  await visible(page.getByRole('article').first());
}

export type TeamEntry = { teamName?: string; players: { id: string; name: string }[] };

/** Opens a card's registration form and fills it; the caller submits and checks the outcome. */
export async function fillRegistration(c: Locator, entry: TeamEntry): Promise<Locator> {
  await c.getByRole('button', { name: 'Register Now' }).click();
  const form = c.getByRole('form');
  await visible(form);
  if (entry.teamName !== undefined) await field(form, 'Team Name').fill(entry.teamName);
  for (const [i, p] of entry.players.entries()) {
    await field(form, `Player ${i + 1} ID`).fill(p.id);
    await field(form, `Player ${i + 1} In-Game Name`).fill(p.name);
  }
  return form;
}

export async function submitRegistration(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Submit Registration' }).click();
}

/** Polls a value until it satisfies `check` (the page updates on its own: Realtime, timers). */
export async function until<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeout: number,
  what: string,
): Promise<T> {
  const end = Date.now() + timeout;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

/**
 * A text field by its label. Mantine marks required labels with an aria-hidden " *", which the
 * accessible name leaves out (getByLabel would see it), so this goes by role and name.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

/**
 * A link of the header's main navigation, the way a person reaches it: on a narrow screen the links
 * sit behind the Menu button, which this opens first.
 */
export async function navLink(page: Page, name: string): Promise<Locator> {
  await visible(page.getByRole('banner'));
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** A page's region (a labelled section) by its name. */
export const region = (page: Page, name: string) => page.getByRole('region', { name });

/**
 * Opens a page, waits for its level-1 heading and for every Realtime channel on it (a tournament's page
 * has its own and its bracket's): changes after this arrive live.
 */
export async function openLive(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1, name }));
  await liveJoined(page);
}

/** Waits for every Realtime channel on the page to be joined (there may be more than one). */
export async function liveJoined(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const live = [...document.querySelectorAll('[data-live]')];
      return live.length > 0 && live.every((element) => element.getAttribute('data-live') === 'joined');
    },
    undefined,
    { timeout },
  );
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Opens a form's time field (by its label) and chooses a day in its calendar; the time is still to set. */
export async function chooseDay(page: Page, form: Locator, label: string, day: Date): Promise<void> {
  await form.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const button = page.getByRole('button', {
    name: `${day.getDate()} ${MONTHS[day.getMonth()]} ${day.getFullYear()}`,
    exact: true,
  });
  const next = page.getByRole('button', { name: 'Next month' });
  await visible(next);
  for (let i = 0; i < 24 && (await button.count()) === 0; i++) await next.click();
  await button.first().click();
}

/** Holds the app's code back until `release`: what shows meanwhile is the page's HTML alone. */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
