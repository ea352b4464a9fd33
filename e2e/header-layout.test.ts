// The header at every width from 320 to 1920 px, for a visitor, a player and an administrator: the
// brand reads "BrawlCup" whole, and nothing in the bar (brand, bell, menu button, links) overlaps
// anything else or leaves the screen (issue 29, item 1).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer } from './support/data.ts';
import { signInAt, visible } from './support/ui.ts';

const journey = journeyBrowser();

// Every 16 px, and the widths people reported.
const WIDTHS = [
  ...new Set([...Array.from({ length: (1920 - 320) / 16 + 1 }, (_, i) => 320 + i * 16), 1024, 1280, 1366, 1440]),
].sort((a, b) => a - b);

/** What in the bar, as the person sees it now, overlaps or leaves the screen (empty when none). */
function problemsInBar(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('header')!;
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' ? r : null;
    };
    const brand = bar.querySelector('a[aria-label="BrawlCup home"]')!;
    const range = document.createRange();
    range.selectNodeContents(brand.querySelector('span')!);
    const boxes: { name: string; r: DOMRect }[] = [
      { name: 'logo', r: brand.querySelector('img')!.getBoundingClientRect() },
      { name: 'BrawlCup', r: range.getBoundingClientRect() },
    ];
    const nav = bar.querySelector('nav[aria-label="Main"]')!;
    const others = [...bar.querySelectorAll('a, button')].filter((el) => el !== brand);
    for (const el of others) {
      // The links of an open phone menu lie under the bar, not in it.
      if (nav.contains(el) && nav.getBoundingClientRect().top >= bar.getBoundingClientRect().bottom - 1) continue;
      const r = visibleBox(el);
      if (r) boxes.push({ name: el.getAttribute('aria-label') ?? el.textContent ?? '?', r });
    }
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const [i, a] of boxes.entries()) {
      if (a.r.left < 0 || a.r.right > width) found.push(`${a.name} leaves the screen (${a.r.left}-${a.r.right})`);
      for (const b of boxes.slice(i + 1)) {
        const overlap = a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom;
        if (overlap) found.push(`${a.name} overlaps ${b.name}`);
      }
    }
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    return found;
  });
}

async function everyWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Two frames: layout (and any measuring the header does) settles.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const problem of await problemsInBar(page)) found.push(`${width} px: ${problem}`);
  }
  return found;
}

describe('The header', () => {
  it('never overlaps the logo, for a visitor, a player or an administrator, from 320 to 1920 px', async () => {
    const { page: visitor } = await newPerson(journey.browser, DESKTOP);
    await visitor.goto('/leaderboard');
    await visible(visitor.getByRole('link', { name: 'Sign in', exact: true }));
    const found = { visitor: await everyWidth(visitor), player: [] as string[], admin: [] as string[] };

    const { page: player } = await newPerson(journey.browser, DESKTOP);
    await signInAt(player, await createPlayer('header'));
    await visible(player.getByRole('link', { name: /^Notifications/ }));
    found.player = await everyWidth(player);

    const { page: admin } = await newPerson(journey.browser, DESKTOP);
    await signInAt(admin, ADMIN, '/admindashboard');
    await visible(admin.getByRole('link', { name: /^Notifications/ }));
    found.admin = await everyWidth(admin);
    expect(found).toEqual({ visitor: [], player: [], admin: [] });
  });
});
