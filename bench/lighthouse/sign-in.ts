// Signs the sample player in through the login form, as a person does, in the Chrome a Lighthouse run
// or a profile then uses (the session stays in its storage).
import type { Page } from 'puppeteer-core';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../../server/config.ts';

export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[type=email]', SAMPLE_PLAYER_EMAIL);
  await page.type('input[type=password]', SAMPLE_PLAYER_PASSWORD);
  // The form's app loads on the first key (src/boot.ts); its submit button is enabled once it has.
  await page.waitForSelector('button[type=submit]:not([disabled])');
  await Promise.all([page.waitForFunction(() => location.pathname === '/home'), page.keyboard.press('Enter')]);
  // As a player sees it: the grid of tournaments (the browser then knows how to write the player's
  // time zone, src/lib/schedule.ts).
  await page.waitForSelector('main article');
}
