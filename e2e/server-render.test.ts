// The screens the server renders with their data (issue 15): /home and a tournament's page come as
// HTML with the tournaments a visitor may read, painted before any of the app's JavaScript, under the
// same Content-Security-Policy; the app then hydrates that HTML in place (no mismatch, no error) and
// adds what only the browser knows: who is signed in, their registrations, their time zone, and the
// live counts.
import { describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { baseUrl, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, registerAs } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { inlineScriptHashes } from './support/page-html.ts';
import { card, holdApp, liveJoined, signInAt, text, until, visible, waitForPath } from './support/ui.ts';
import { formatTime } from '../src/lib/schedule.ts';

const journey = journeyBrowser();

/**
 * A start 75 minutes away, a second apart per `n`: registration is open (it closes when check-in opens,
 * an hour before) and /home lists open tournaments by start time, so these come among the first cards
 * the server renders, before every other open one.
 */
const soon = (n = 0) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 75 * 60_000 + n * 1_000);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The server shares its render of a page for a second: waits until it has one that shows `name`. */
async function renderedWith(path: string, name: string): Promise<void> {
  await until(
    async () => (await (await fetch(new URL(path, baseUrl))).text()).includes(name),
    Boolean,
    10_000,
    `${path} rendered with ${name}`,
  );
}

describe('A screen the server renders', () => {
  it('is in the HTML of /home and of a tournament page, data and all, under the CSP', async () => {
    const start = soon();
    const t = await createTournament('2v2', 6, 'E2E Server', { starts_at: start.toISOString() });
    await renderedWith('/home', t.name);
    for (const path of ['/home', `/tournaments/${t.id}`]) {
      const res = await fetch(new URL(path, baseUrl), { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, path).toContain(`data-prerendered="${path}"`);
      expect(root, path).toContain(t.name);
      expect(root, path).toContain(formatTime(start, 'UTC'));
      // Its styles are in the page; its only script is the small entry, the app's code comes after the
      // paint (linked from an inert template).
      expect(html, path).toMatch(/<script type="module" crossorigin src="\/assets\/boot-[\w-]+\.js"><\/script>/);
      expect(html, path).not.toMatch(/<script[^>]*src="\/assets\/(index|main)-/);
      expect(html, path).not.toMatch(/<link rel="modulepreload"[^>]*>(?![\s\S]*<\/template>)/);
      expect(html, path).toMatch(
        /<template id="app-links">(<link rel="modulepreload" crossorigin href="[^"]+">)+<\/template>/,
      );
      expect(html, path).toMatch(/<template id="app-links">[^]*?href="\/assets\/main-[\w-]+\.js"[^]*?<\/template>/);
      expect(html, path).toContain('<script type="application/json" id="server-state">');
      const csp = res.headers.get('content-security-policy')!;
      const hashes = inlineScriptHashes(html);
      expect(hashes, path).toHaveLength(1);
      expect(csp, path).toContain(hashes[0]);
    }
  });

  it('shows the grid and a tournament page with JavaScript off', async () => {
    const t = await createTournament('1v1', 4, 'E2E No JS', {
      description: 'Readable without scripts.',
      starts_at: soon(1).toISOString(),
    });
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await renderedWith('/home', t.name);
      await page.goto('/home');
      await visible(page.getByRole('heading', { level: 1, name: 'Tournaments' }));
      await visible(card(page, t.name).getByText('Readable without scripts.'));
      await page.goto(`/tournaments/${t.id}`);
      await visible(page.getByRole('heading', { level: 1, name: t.name }));
      await visible(page.getByText('0 / 4 teams'));
    } finally {
      await context.close();
    }
  });

  it('is hydrated in place for a player: their registration, their time zone, then live counts', async () => {
    const [joined, open] = await Promise.all([
      createTournament('1v1', 4, 'E2E Hydrated Joined', { starts_at: soon(2).toISOString() }),
      createTournament('1v1', 4, 'E2E Hydrated Open', { starts_at: soon(3).toISOString() }),
    ]);
    const player = await createPlayer('hydrated');
    await registerAs(player, joined);
    await renderedWith('/home', open.name);
    const { page } = await newPerson(journey.browser, PHONE, { timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
    const errors = collectErrors(page);
    await signInAt(page, player);

    // A full page load of /home, the app held back: the server's HTML, in UTC, nobody's marks.
    const release = await holdApp(page);
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    const joinedCard = card(page, joined.name);
    await visible(joinedCard.getByText(formatTime(joined.starts_at!, 'UTC')));
    await visible(joinedCard.getByRole('button', { name: 'Register Now' }));
    await joinedCard.evaluate((el) => ((el as HTMLElement & { __fromHtml?: boolean }).__fromHtml = true));

    release();
    // Hydrated: the player's own registration, the time in their zone, the same element kept.
    await visible(joinedCard.getByText('You have already registered for this tournament.'));
    await visible(joinedCard.getByText(formatTime(joined.starts_at!, 'Asia/Kolkata', 'en-IN')));
    expect(await joinedCard.evaluate((el) => (el as HTMLElement & { __fromHtml?: boolean }).__fromHtml)).toBe(true);
    await liveJoined(page);

    // Live: someone registering elsewhere moves the open tournament's count here.
    await registerAs(await createPlayer('hydrated-rival'), open);
    await visible(card(page, open.name).getByText('3 slots left'));
    expect(errors).toEqual([]);
    await checkScreen(page, 'home-server-rendered');
  });

  it("hydrates a tournament's page for a visitor, who is asked to sign in to register", async () => {
    const t = await createTournament('2v2', 4, 'E2E Hydrated Page', { rules: 'Play fair.' });
    const { page } = await newPerson(journey.browser, PHONE);
    const errors = collectErrors(page);
    // The page's reads of the tournament: the one the page came with is fresh, so the app does not
    // read it again as it mounts; Realtime reads it once when it joins (changes since the render).
    const reads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/rest/v1/tournaments' && url.searchParams.get('id') === `eq.${t.id}`) reads.push(r.url());
    });
    const release = await holdApp(page);
    await page.goto(`/tournaments/${t.id}`, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: t.name });
    await visible(heading);
    await heading.evaluate((el) => ((el as HTMLElement & { __fromHtml?: boolean }).__fromHtml = true));
    release();
    await liveJoined(page);
    await page.waitForLoadState('networkidle');
    expect(reads).toHaveLength(1);
    await page.getByRole('button', { name: 'Register' }).click();
    await visible(text(page, 'Please sign in to register.'));
    expect(await heading.evaluate((el) => (el as HTMLElement & { __fromHtml?: boolean }).__fromHtml)).toBe(true);
    expect(errors).toEqual([]);
    await checkScreen(page, 'tournament-server-rendered');
  });

  it('shows a visitor /home; /my-tournaments sends them to sign in, and back there after', async () => {
    const player = await createPlayer('server-render-back');
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto('/home');
    await visible(page.getByRole('article').first());
    await page.goto('/my-tournaments');
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/my-tournaments');
  });
});
