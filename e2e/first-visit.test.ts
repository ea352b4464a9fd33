// What a first-time player or organiser meets (issue 12): the blurred header, the phone menu and
// the way back to the tournaments, player ID inputs that say their rule, counts in the singular,
// clamped card titles, cards that keep their height, banners cropped alike, a safe delete dialog,
// the heading outline, the ad slot with and without AdSense, and the sample players' password.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, createTournament, listTournaments, registerAs } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import {
  card,
  fillRegistration,
  navLink,
  openHome,
  scrollToWinners,
  signInAt,
  submitRegistration,
  text,
  until,
  visible,
  waitForPath,
} from './support/ui.ts';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../server/config.ts';
import { contentSecurityPolicy } from '../server/static.ts';

const journey = journeyBrowser();

/** The heading levels of the page in document order (visible or not: screen readers list them all). */
function headingLevels(page: Page): Promise<number[]> {
  return page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
}

/** A heading outline that starts at h1 and never skips a level on the way down. */
function expectOutline(levels: number[]) {
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0)
      expect(level, `h${levels[i - 1]} followed by h${level} in ${levels.join(',')}`).toBeLessThanOrEqual(
        levels[i - 1]! + 1,
      );
  });
}

/** The banner image of a card and how it is drawn. */
async function bannerShape(c: Locator) {
  const img = c.getByRole('img', { name: /banner$/ });
  await visible(img);
  // Measured once it is laid out (a card far down the grid is laid out as it comes near the screen).
  await img.scrollIntoViewIfNeeded();
  return until(
    () =>
      img.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          ratio: Math.round((box.width / box.height) * 100) / 100,
          fit: style.objectFit,
          position: style.objectPosition,
        };
      }),
    (shape) => shape.ratio > 0,
    5_000,
    'the banner laid out',
  );
}

describe('The header', () => {
  it('is blurred once the page is scrolled past 20 px (the built CSS keeps backdrop-filter)', async () => {
    const me = await createPlayer('blur');
    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, me);
    await openHome(page);
    const header = page.getByRole('banner');
    expect(await header.getAttribute('data-scrolled')).toBeNull();
    await page.mouse.wheel(0, 400);
    await until(
      () => header.getAttribute('data-scrolled'),
      (v) => v !== null,
      5_000,
      'the header marked scrolled',
    );
    // Once its transition has run.
    await until(
      () => header.evaluate((el) => getComputedStyle(el).backdropFilter),
      (v) => v === 'blur(14px)',
      5_000,
      'the header blurred',
    );
  });

  it('on a phone opens a labelled menu with Tournaments; the administrator also gets Dashboard', async () => {
    const me = await createPlayer('menu');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, me);
    await page.goto('/profile');
    await visible(page.getByRole('heading', { name: 'Profile Information' }));
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const tournaments = await navLink(page, 'Tournaments');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // The label is shown, not only announced.
    await visible(tournaments.getByText('Tournaments', { exact: true }));
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).count()).toBe(
      0,
    );
    await checkScreen(page, 'header-menu-phone');
    await tournaments.click();
    await waitForPath(page, '/home');
    await until(
      () => menu.getAttribute('aria-expanded'),
      (v) => v === 'false',
      5_000,
      'the menu closed',
    );

    const admin = await newPerson(journey.browser, PHONE);
    await signInAt(admin.page, ADMIN, '/admindashboard');
    const dashboard = await navLink(admin.page, 'Dashboard');
    expect(await dashboard.getAttribute('href')).toBe('/admindashboard');
    expect(await dashboard.getAttribute('aria-current')).toBe('page');
  });

  it('offers someone signed in "Go to tournaments" on /, and keeps the header on the 404 page', async () => {
    const me = await createPlayer('back');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, me);
    await page.goto('/');
    const go = page.getByRole('link', { name: 'Go to tournaments' });
    await visible(go);
    expect(await page.getByRole('link', { name: 'Start Your Journey' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
    await go.click();
    await waitForPath(page, '/home');

    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: 'Page not found' }));
    await visible(page.getByRole('banner'));
    expect(await (await navLink(page, 'Tournaments')).getAttribute('href')).toBe('/home');
    await checkScreen(page, 'not-found-signed-in');
  });
});

describe('Tournament cards', () => {
  it('say "1 slot left", clamp a long description with the full text on hover, and keep their neighbours\' height', async () => {
    const long =
      `A very long description. ${'Every brawler brings their best build and the bracket runs all weekend long. '.repeat(10)}`.trim();
    const one = await createTournament('1v1', 1, 'E2E Singular');
    const longOne = await createTournament('1v1', 4, 'E2E Long', { description: long });
    const me = await createPlayer('cards');
    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, me);

    await openHome(page);
    const singular = card(page, one.name);
    await visible(text(singular, '1 slot left'));

    const c = card(page, longOne.name);
    const title = c.getByRole('heading', { level: 2 });
    await visible(title);
    expect(await title.getAttribute('title')).toBe(long);
    const lines = await title.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeLessThanOrEqual(3.05);

    // Cards of one row: opening one's form leaves the others as they were. Each neighbour is known
    // by its name and the row is measured in one go, on screen, once the fonts are in and a frame
    // has been drawn: a card off screen is not laid out yet (content-visibility: auto) and holds a
    // typical card's room, 562 px, until it comes near the screen (as the click brought it).
    await c.scrollIntoViewIfNeeded();
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    });
    const neighbours = () =>
      page.getByRole('article').evaluateAll((articles, name) => {
        const top = articles.find((a) => a.getAttribute('aria-label') === name)!.getBoundingClientRect().top;
        const heights: Record<string, number> = {};
        for (const a of articles) {
          const box = a.getBoundingClientRect();
          if (a.getAttribute('aria-label') !== name && Math.abs(box.top - top) < 2)
            heights[a.getAttribute('aria-label')!] = box.height;
        }
        return heights;
      }, longOne.name);
    const before = await neighbours();
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await c.getByRole('button', { name: 'Register Now' }).click();
    await visible(c.getByRole('form'));
    expect(await neighbours()).toEqual(before);
    await checkScreen(page, 'home-card-open', c);

    // The last slot taken: the plural again.
    const other = await createPlayer('lastslot');
    await registerAs(other, one);
    await visible(text(singular, '0 slots left'), 10_000);
    expectOutline(await headingLevels(page));
  });

  it('crop banners the same way on /home, My Tournaments and the admin grid', async () => {
    const me = await createPlayer('banner');
    const t = await createTournament('1v1', 8, 'E2E Banner');
    await registerAs(me, t);
    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, me);
    await openHome(page);
    const onHome = await bannerShape(card(page, t.name));
    await (await navLink(page, 'My Tournaments')).click();
    await waitForPath(page, '/my-tournaments');
    const onMine = await bannerShape(page.getByRole('article', { name: t.name }));

    const admin = await newPerson(journey.browser, DESKTOP);
    await signInAt(admin.page, ADMIN, '/admindashboard');
    const onAdmin = await bannerShape(admin.page.getByRole('article', { name: t.name, exact: true }));

    // The banners are 1200x500: drawn at 12:5, covered and centred, nothing of the title is cut.
    for (const shape of [onHome, onMine, onAdmin])
      expect(shape).toEqual({ ratio: 2.4, fit: 'cover', position: '50% 50%' });
  });
});

describe('Player ID inputs', () => {
  it('require 9 to 10 characters, an optional # and 9 letters or digits, and say so', async () => {
    const t = await createTournament('2v2', 8, 'E2E Ids');
    const me = await createPlayer('ids');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, me);
    await openHome(page);
    const form = await fillRegistration(card(page, t.name), { teamName: 'Id Checkers', players: [] });
    const input = form.getByRole('textbox', { name: 'Player 1 ID', exact: true });
    expect(await input.getAttribute('minlength')).toBe('9');
    expect(await input.getAttribute('maxlength')).toBe('10');
    expect(await input.getAttribute('pattern')).toBe('#?[A-Za-z0-9]{9}');
    await visible(text(form, '9 letters or digits, # optional').first());
    // The hint is the input's description.
    expect(
      await input.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
      ),
    ).toBe('9 letters or digits, # optional');
    const validity = (value: string) =>
      input.evaluate((el, v) => {
        const field = el as HTMLInputElement;
        field.value = v;
        return field.validity.valid;
      }, value);
    expect(await validity('#ABC123XYZ')).toBe(true);
    expect(await validity('abc123xyz')).toBe(true);
    expect(await validity('ABC-123XY')).toBe(false);
    expect(await validity('#ABC123XY')).toBe(false);
    // Typing stops at 10 characters.
    await input.fill('');
    await input.pressSequentially('#ABC123XYZ99');
    expect(await input.inputValue()).toBe('#ABC123XYZ');
    // A wrong one still gets the rule's own message.
    await input.fill('ABC-123XY');
    await submitRegistration(form);
    await visible(text(form, 'Invalid player ID format. Must be 9 characters with optional #.'));

    await page.goto('/register');
    const gameId = page.getByRole('textbox', { name: 'Game ID', exact: true });
    await visible(gameId);
    expect([
      await gameId.getAttribute('minlength'),
      await gameId.getAttribute('maxlength'),
      await gameId.getAttribute('pattern'),
    ]).toEqual(['9', '10', '#?[A-Za-z0-9]{9}']);
  });
});

describe('The admin dashboard', () => {
  it("focuses Cancel in the delete dialog, and hands the focus back to the saved tournament's card", async () => {
    const t = await createTournament('3v3', 6, 'E2E Focus');
    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, ADMIN, '/admindashboard');
    const article = page.getByRole('article', { name: t.name, exact: true });
    await visible(article);
    await visible(text(article, '0 / 6 teams'));
    expectOutline(await headingLevels(page));

    await page.getByRole('button', { name: `Delete ${t.name}` }).click();
    const dialog = page.getByRole('dialog');
    await visible(text(dialog, 'Are you sure you want to delete this tournament?'));
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await until(
      () => cancel.evaluate((el) => el === document.activeElement),
      (v) => v,
      5_000,
      'Cancel focused',
    );
    // A reflexive Enter cancels.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect((await listTournaments()).some((row) => row.id === t.id)).toBe(true);

    await page.getByRole('button', { name: `Edit ${t.name}` }).click();
    await visible(page.getByRole('heading', { name: `Edit ${t.name}` }));
    await page.getByRole('textbox', { name: 'Slots', exact: true }).fill('1');
    await page.getByRole('button', { name: 'Update Tournament' }).click();
    await visible(text(article, '0 / 1 team'));
    await until(
      () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName),
      (v) => v === t.name,
      5_000,
      'the saved card focused',
    );
  });
});

/** Hands the app an AdSense publisher and slot, as `VITE_ADSENSE_*` would, and answers AdSense's script. */
async function withAdSense(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route('https://pagead2.googlesyndication.com/**', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: 'text/javascript',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: 'window.__adsenseLoaded = true;',
    });
  });
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      'window.__BRAWLCUP_CONFIG__={',
      'window.__BRAWLCUP_CONFIG__={"ADSENSE_CLIENT":"ca-pub-1234567890","ADSENSE_SLOT":"9876543210",',
    );
    // The policy the server sends when AdSense is configured: its hosts, and the new script's hash.
    const script = /<script>(window\.__BRAWLCUP_CONFIG__=.*?)<\/script>/.exec(body)![1]!;
    const config = JSON.parse(script.slice('window.__BRAWLCUP_CONFIG__='.length)) as Record<string, string>;
    const csp = contentSecurityPolicy(new URL(route.request().url()).origin, config, script);
    await route.fulfill({ response, body, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
  return requested;
}

describe('Ads', () => {
  it('without AdSense: a labelled house slot on / and /home, and no ad code', async () => {
    const { page, context } = await newPerson(journey.browser, PHONE);
    const requested: string[] = [];
    context.on('request', (r) => r.url().includes('googlesyndication') && requested.push(r.url()));
    await page.goto('/');
    await scrollToWinners(page);
    const landingAd = page.getByRole('region', { name: 'Advertisement' });
    await visible(text(landingAd, 'Advertise here'));
    expect(await landingAd.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contactus');
    await checkScreen(page, 'landing-house-ad', landingAd);

    const me = await createPlayer('houseads');
    await signInAt(page, me);
    await openHome(page);
    await visible(text(page.getByRole('region', { name: 'Advertisement' }), 'Advertise here'));
    expect(requested).toEqual([]);
  });

  it('with AdSense: the real unit loads on /home, and nothing on the admin dashboard', async () => {
    const me = await createPlayer('adsense');
    const player = await newPerson(journey.browser, DESKTOP);
    const requested = await withAdSense(player.context);
    await signInAt(player.page, me);
    await openHome(player.page);
    const unit = player.page.locator('ins.adsbygoogle');
    await unit.waitFor({ state: 'attached' });
    expect(await unit.getAttribute('data-ad-client')).toBe('ca-pub-1234567890');
    expect(await unit.getAttribute('data-ad-slot')).toBe('9876543210');
    await until(
      async () => requested,
      (urls) => urls.length > 0,
      10_000,
      'the AdSense script requested',
    );
    expect(new Set(requested)).toEqual(
      new Set(['https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890']),
    );
    // Requested, then run: the stand-in script says it ran.
    await until(
      () => player.page.evaluate(() => (window as unknown as { __adsenseLoaded?: boolean }).__adsenseLoaded),
      (loaded) => loaded === true,
      10_000,
      'the AdSense script run',
    );
    expect(await text(player.page, 'Advertise here').count()).toBe(0);

    const admin = await newPerson(journey.browser, DESKTOP);
    const adminRequested = await withAdSense(admin.context);
    await signInAt(admin.page, ADMIN, '/admindashboard');
    await visible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }));
    await visible(admin.page.getByRole('article').first());
    expect(await admin.page.locator('ins.adsbygoogle').count()).toBe(0);
    expect(await admin.page.getByRole('region', { name: 'Advertisement' }).count()).toBe(0);
    expect(adminRequested).toEqual([]);
  });
});

describe('Sample players', () => {
  it('sign in with the password npm start prints', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, { email: SAMPLE_PLAYER_EMAIL, password: SAMPLE_PLAYER_PASSWORD });
    await visible(page.getByRole('heading', { name: 'Tournaments', level: 1 }));
  });
});
