// The landing page paints without JavaScript (issue 15): the built site sends `/` as prerendered
// HTML with its headline, links and critical CSS, under the same Content-Security-Policy, and the
// app then hydrates that HTML in place (no mismatch, no error) and takes over navigation.
import { describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import { baseUrl, DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { checkScreen } from './support/screens.ts';
import { inlineScriptHashes } from './support/page-html.ts';
import { scrollToWinners, visible, waitForPath } from './support/ui.ts';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../server/config.ts';

const journey = journeyBrowser();

/** The requests for the app's entry (React, the router, Mantine: assets/main-*.js) among a page's scripts. */
const appEntry = (scripts: string[]) => scripts.filter((path) => /^\/assets\/main-/.test(path));

describe('The prerendered landing page', () => {
  it('is in the HTML of / as a crawler or a phone without JavaScript gets it, under the CSP', async () => {
    const res = await fetch(new URL('/', baseUrl), { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(/<h1[^>]*>Compete\. Win\. <span[^>]*>Become a legend\.<\/span><\/h1>/);
    expect(root).toMatch(/<a [^>]*href="\/register"[^>]*>[\s\S]*?Start Your Journey/);
    expect(root).toMatch(/<a [^>]*href="\/login"[^>]*>[\s\S]*?Sign in/);
    expect(root).toContain('Competitive Tournaments');
    expect(root).toContain('Monthly Prize Pool');
    // The styles the first screen needs are in the page itself (no stylesheet to wait for).
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles.some((css) => /\._hero_\w+\{/.test(css))).toBe(true);
    expect(styles.some((css) => css.includes('--mantine-color-brand-4'))).toBe(true);
    // Every inline script (the config) is allowed by its hash; nothing else inline runs.
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(1);
    expect(csp).toContain(hashes[0]);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // Any other path gets another page: the app's empty one, or its own server-rendered screen.
    const other = await (await fetch(new URL('/profile', baseUrl))).text();
    expect(other).not.toContain('Become a legend');
    expect(other).toContain('<div id="root"></div>');
  });

  it('shows its headline and sign-up link, styled, with JavaScript off', async () => {
    const context = await journey.browser.newContext({ baseURL: baseUrl, viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1, name: 'Compete. Win. Become a legend.' });
      await visible(heading);
      expect(await heading.evaluate((el) => getComputedStyle(el).textTransform)).toBe('uppercase');
      const signUp = page.getByRole('link', { name: 'Start Your Journey' });
      await visible(signUp);
      expect(await signUp.getAttribute('href')).toBe('/register');
      // A plain link still works: the sign-up screen arrives as a page of its own.
      await signUp.click();
      await page.waitForURL('**/register');
    } finally {
      await context.close();
    }
  });

  it('is hydrated in place: no error, and its links then navigate without reloading', async () => {
    const { page } = await newPerson(journey.browser, DESKTOP);
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await visible(heading);
    // The element painted from the HTML is the one React keeps (hydration, not a fresh render).
    await heading.evaluate((el) => ((el as HTMLElement & { __fromHtml?: boolean }).__fromHtml = true));
    // The recent winners mount only after hydration: once they show, React is running.
    await scrollToWinners(page);
    await visible(page.getByRole('heading', { name: 'Recent winners' }));
    // Vite did not link the stylesheets the page already has inline (a second copy re-cascades it).
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => [l.href, l.disabled]),
    );
    const inline = linked.filter(([, disabled]) => disabled).map(([href]) => href);
    expect(inline.length).toBeGreaterThan(0);
    expect(linked.filter(([href, disabled]) => !disabled && inline.includes(href))).toEqual([]);
    expect(await heading.evaluate((el) => (el as HTMLElement & { __fromHtml?: boolean }).__fromHtml)).toBe(true);
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await page.getByRole('link', { name: 'Start Your Journey' }).click();
    await waitForPath(page, '/register');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Compete. Win. Become a legend.' }));
    await checkScreen(page, 'landing-hydrated');
  });

  it('fetches the app on a phone only once it is needed; a link followed before then still works', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/', { waitUntil: 'networkidle' });
    await visible(page.getByRole('heading', { level: 1, name: 'Compete. Win. Become a legend.' }));
    // No session, no interaction, the recent winners out of sight: only the page's small entry (and
    // Vite's loader it imports), not the app (React, the router, Mantine: assets/main-*.js).
    expect(scripts.some((path) => /^\/assets\/boot-[\w-]+\.js$/.test(path))).toBe(true);
    expect(appEntry(scripts)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome Back' }));

    await page.goto('/', { waitUntil: 'networkidle' });
    scripts.length = 0;
    await scrollToWinners(page);
    await visible(page.getByRole('heading', { name: 'Recent winners' }));
    expect(appEntry(scripts)).toHaveLength(1);
  });

  it('has /login and /register prerendered too, their forms posted (never in the address) and their buttons live', async () => {
    for (const [path, heading] of [
      ['/login', 'Welcome Back'],
      ['/register', 'Create Account'],
    ] as const) {
      const res = await fetch(new URL(path, baseUrl));
      const html = await res.text();
      expect(html, path).toContain(`data-prerendered="${path}"`);
      expect(html, path).toContain(heading);
      expect(html, path).toMatch(/<form[^>]*method="post"/);
      expect(html, path).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
      expect(res.headers.get('content-security-policy')).toContain(inlineScriptHashes(html)[0]);
    }
  });

  it('fetches the app for /login and /register on the first tap, and keeps what was typed before it arrived', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    // The app's script is held back until the form has been filled in: typing before hydration.
    let release!: () => void;
    const arrived = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });

    await page.goto('/register', { waitUntil: 'networkidle' });
    expect(appEntry(scripts)).toEqual([]);
    const fields = { Email: 'early.bird@example.com', Username: 'EarlyBird', 'Game ID': '#EARLY1' };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
    await page.getByLabel('Password', { exact: true }).fill('early-bird-pass');
    // The first keystroke started the app's fetch: React DOM first, then the app's entry (held here),
    // which a loaded machine may request only after the typing is done.
    await expect.poll(() => appEntry(scripts).length, { timeout: 15_000 }).toBe(1);
    release();
    // The app arrives and hydrates the form, keeping what was typed.
    await page.waitForLoadState('networkidle');
    for (const [label, value] of Object.entries(fields)) expect(await page.getByLabel(label).inputValue()).toBe(value);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('early-bird-pass');

    // A page of its own (a plain link): the app is not loaded until the visitor does something.
    scripts.length = 0;
    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(appEntry(scripts)).toEqual([]);
    await page.getByLabel('Email').fill(SAMPLE_PLAYER_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(SAMPLE_PLAYER_PASSWORD);
    // The first tap sends it: held until the app has hydrated the form.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/home');
    expect(page.url()).not.toContain(encodeURIComponent(SAMPLE_PLAYER_PASSWORD));
    expect(errors).toEqual([]);
  });
});

describe('An app screen opened by its address', () => {
  it("has its screen's code linked in the HTML, and the app starts on those links without adding any", async () => {
    const path = '/leaderboard';
    const html = await (await fetch(new URL(path, baseUrl))).text();
    expect(html).toContain('<div id="root"></div>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/leaderboard-[\w-]+\.js">/);
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/app-layout-[\w-]+\.css">/);

    const { page } = await newPerson(journey.browser, PHONE);
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 1, name: 'Leaderboard' }));
    const { files, cascade } = await page.evaluate(() => ({
      files: [...document.querySelectorAll<HTMLLinkElement>('link[href]')].map((l) => new URL(l.href).pathname),
      cascade: [...document.querySelectorAll('link[rel="stylesheet"], style[data-mantine-styles]')].map((e) =>
        e.tagName === 'LINK' ? 'link' : 'mantine',
      ),
    }));
    // Vite's loader found each file already linked: none is linked twice.
    expect(files.filter((f, i) => files.indexOf(f) !== i)).toEqual([]);
    // The stylesheets come before Mantine's theme styles, which override them, as when the loader linked them.
    expect(cascade.indexOf('mantine')).toBeGreaterThan(cascade.lastIndexOf('link'));
    expect(errors).toEqual([]);
  });
});
