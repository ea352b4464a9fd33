// One Chromium per test file (the files run one after another: two cores are shared), a fresh
// context per person, and the app's URL from the global setup.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath, MISSING_BROWSER } from './browser-path.ts';

export const baseUrl = inject('e2eUrl');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: chromiumPath(), args: ARGS, headless: true });
  } catch (error) {
    throw new Error(`Could not start Chromium at ${chromiumPath()}. ${MISSING_BROWSER}\n${(error as Error).message}`);
  }
}

const open = new Set<BrowserContext>();

/**
 * Closes every person a test left open (a failed test stops before its own clean-up); after a
 * failure it first saves what each of their pages showed, to e2e/artifacts/failures/.
 */
export async function closePeople(failedTest?: string): Promise<void> {
  if (failedTest) {
    const dir = resolve(import.meta.dirname, '../artifacts/failures');
    mkdirSync(dir, { recursive: true });
    const slug = failedTest.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    let n = 0;
    for (const context of open) {
      for (const page of context.pages()) {
        n += 1;
        await page.screenshot({ path: join(dir, `${slug}-${n}.png`), timeout: 5_000 }).catch(() => undefined);
        console.error(`[failure] ${failedTest}: page ${n} was at ${page.url()}`);
      }
    }
  }
  await Promise.all([...open].map((c) => c.close().catch(() => undefined)));
  open.clear();
}

/** A new person: their own cookies and storage, so several people can use the site at once. */
export async function newPerson(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  /** baseURL: another server than the run's (a journey that starts its own). */
  where: { timezoneId?: string; locale?: string; baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce', ...where });
  open.add(context);
  context.once('close', () => open.delete(context));
  // Tests wait for texts and roles; a lost element should fail in seconds, not minutes.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  // Keep the browser's own timers where the checks can reach them, registered before any
  // page.clock.install(): axe-core needs running timers while a test holds the page's clock.
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    // Every Content-Security-Policy violation is kept for the screen checks (screens.ts).
    document.addEventListener('securitypolicyviolation', (event) => {
      const list = (w.__cspViolations ??= []) as string[];
      list.push(
        `${event.violatedDirective} ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
    w.__e2eRealTimers = {
      setTimeout: window.setTimeout,
      clearTimeout: window.clearTimeout,
      setInterval: window.setInterval,
      clearInterval: window.clearInterval,
      requestAnimationFrame: window.requestAnimationFrame,
      cancelAnimationFrame: window.cancelAnimationFrame,
    };
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    // Aborted by the page itself (navigation, unmount) is normal; anything else is worth seeing.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      console.error(`[request failed] ${request.url()}: ${request.failure()?.errorText}`);
  });
  return { context, page };
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
