// Every screen a journey reaches gets the same treatment: an axe-core check (no moderate, serious or
// critical violations) and a screenshot at phone (390x844) and desktop (1280x800) size in e2e/artifacts/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser.ts';

const AXE_PATH = resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
export const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

type AxeNode = { target: unknown[]; html: string; failureSummary?: string };
/** Only axe's "minor" findings pass: a skipped heading level (moderate) fails like a missing label. */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] };

/** Runs axe-core on the page as it is now and returns its moderate, serious and critical violations, readable. */
export async function violations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol rather than added as a <script>, which the page's
  // Content-Security-Policy rightly refuses.
  if (!loaded) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  // Anything the Content-Security-Policy blocked on this screen is a failure too.
  const blocked = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  if (blocked.length) throw new Error(`The Content-Security-Policy blocked:\n${blocked.join('\n')}`);
  const found = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const axe = w.axe as { run: (ctx: Document, options: object) => Promise<{ violations: unknown[] }> };
    // Under a paused page.clock axe's own timers would never fire: lend it the real ones.
    const real = w.__e2eRealTimers as Record<string, unknown> | undefined;
    const saved = real ? Object.fromEntries(Object.keys(real).map((k) => [k, w[k]])) : {};
    if (real) Object.assign(w, real);
    try {
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations;
    } finally {
      Object.assign(w, saved);
    }
  });
  return (found as AxeViolation[])
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
        v.nodes
          .map(
            (n) =>
              `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
          )
          .join('\n'),
    );
}

// Violations are collected rather than thrown at once, so the journey still checks everything
// after them; assertAccessible() (each file's afterEach) fails the test with the full list.
const pending: string[] = [];

/** Fails the current test if any screen it checked had moderate, serious or critical violations. */
export function assertAccessible(): void {
  const found = pending.splice(0);
  if (found.length)
    throw new Error(`axe-core found moderate, serious or critical violations:\n\n${found.join('\n\n')}`);
}

/**
 * Waits for finite CSS transitions and animations to end (a modal fading in, an accordion
 * opening), so axe measures colours and screenshots show the screen as people see it. Endless
 * ones (spinners, skeleton pulses) are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as unknown as { __e2eRealTimers?: { setTimeout: typeof setTimeout } };
    const wait = (ms: number) => new Promise((r) => (w.__e2eRealTimers?.setTimeout ?? setTimeout)(r, ms));
    const busy = () =>
      document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    let quiet = 0;
    // Two quiet looks in a row (a Mantine transition starts a frame after it is asked for); at
    // most about 5 s. Counted, not timed: a test may have paused the page's clock.
    for (let looks = 0; quiet < 2 && looks < 80; looks++) {
      await wait(60);
      quiet = busy() ? 0 : quiet + 1;
    }
  });
}

async function check(page: Page, name: string, size: 'phone' | 'desktop', show?: Locator) {
  // No hover state left over from the last click: colours are checked as they are at rest.
  await page.mouse.move(0, 0);
  if (show) await show.scrollIntoViewIfNeeded();
  await settle(page);
  const found = await violations(page);
  if (found.length) pending.push(`On "${name}" at ${size} size (${page.url()}):\n  ${found.join('\n  ')}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-${size}.png`), animations: 'disabled', caret: 'hide' });
}

/**
 * Checks the screen the page shows now at both sizes, then puts the page back at its own size.
 * The caller first waits for what makes the screen complete (a heading, a text, a role); `show`
 * is scrolled into view for the screenshots.
 */
export async function checkScreen(page: Page, name: string, show?: Locator): Promise<void> {
  const own = page.viewportSize() ?? DESKTOP;
  const sizes = own.width <= PHONE.width ? (['phone', 'desktop'] as const) : (['desktop', 'phone'] as const);
  try {
    for (const size of sizes) {
      const viewport = size === 'phone' ? PHONE : DESKTOP;
      if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
      await check(page, name, size, show);
    }
  } finally {
    await page.setViewportSize(own);
  }
}
