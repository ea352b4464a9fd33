// Realtime across two people: what one does shows on the other's /home without a reload.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, createTournament, playerId, tag } from './support/data.ts';
import {
  card,
  field,
  fillRegistration,
  openHome,
  signInAt,
  submitRegistration,
  text,
  until,
  visible,
} from './support/ui.ts';

// How long a change may take to reach the other browser. The issue promises 2 s for a registration,
// which bench/realtime measures on a quiet machine; a test shares two cores with the rest of the
// suite, so it waits longer (a wait only lasts this long when the change never comes).
const REGISTRATION_LIVE_MS = 10_000;
const ADMIN_LIVE_MS = 10_000;

const journey = journeyBrowser();

/** Marks the document so a reload (which would replace it) is caught. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload)).toBe(true);
}

/**
 * Resolves once the page's Realtime channel for the tournament list has joined (the server's
 * phx_reply "ok" to its phx_join), so a change made after it must arrive through Realtime.
 */
function tournamentsChannelJoined(page: Page): Promise<void> {
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error('The Realtime channel of the tournament list did not join within 20 s')),
      20_000,
    );
    const joins = new Set<string>();
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        const msg = parse(payload);
        if (msg?.event === 'phx_join' && /tournaments-live/.test(String(msg.topic))) joins.add(String(msg.ref));
      });
      ws.on('framereceived', ({ payload }) => {
        const msg = parse(payload);
        const status = (msg?.payload as { status?: string } | undefined)?.status;
        if (msg?.event === 'phx_reply' && status === 'ok' && joins.has(String(msg.ref))) {
          clearTimeout(timer);
          done();
        }
      });
    });
  });
}

function parse(payload: string | Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(payload.toString());
    // Protocol 1.0 sends objects, 2.0 arrays: [join_ref, ref, topic, event, payload].
    if (Array.isArray(value)) return { ref: value[1], topic: value[2], event: value[3], payload: value[4] };
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function watcherOnHome(who: { email: string; password: string }) {
  const { page } = await newPerson(journey.browser);
  const joined = tournamentsChannelJoined(page);
  await signInAt(page, who);
  await openHome(page);
  await joined;
  await markDocument(page);
  return page;
}

describe('Realtime', () => {
  it("shows a registration made by one player in the other player's slots left and progress bar within 2 s", async () => {
    const t = await createTournament('2v2', 4, 'E2E Live');
    const watcher = await watcherOnHome(await createPlayer('watcher'));
    const watched = card(watcher, t.name);
    await visible(text(watched, '4 slots left'));
    const bar = watched.getByRole('progressbar', { name: 'Registration Progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');

    const { page: registrant } = await newPerson(journey.browser, PHONE);
    await signInAt(registrant, await createPlayer('registrant'));
    await openHome(registrant);
    const form = await fillRegistration(card(registrant, t.name), {
      teamName: `Live ${tag()}`,
      players: [
        { id: playerId(), name: 'LiveOne' },
        { id: playerId(), name: 'LiveTwo' },
      ],
    });
    await submitRegistration(form);
    await visible(text(card(registrant, t.name), 'Wait for the Discord Link'));
    const registered = Date.now();

    await visible(text(watched, '3 slots left'), REGISTRATION_LIVE_MS);
    await until(
      () => bar.getAttribute('aria-valuenow'),
      (v) => v === '25',
      Math.max(0, REGISTRATION_LIVE_MS - (Date.now() - registered)),
      'progress bar',
    );
    await expectSameDocument(watcher);
  });

  it("adds, changes and removes a tournament in a player's grid as the administrator creates, edits and deletes it", async () => {
    const watcher = await watcherOnHome(await createPlayer('gridwatch'));
    const { page: admin } = await newPerson(journey.browser);
    await signInAt(admin, ADMIN, '/admindashboard');
    await visible(admin.getByRole('heading', { name: 'Admin Dashboard' }));

    const name = `E2E Live Cup ${tag()}`;
    await admin.getByRole('button', { name: 'Add Tournament' }).click();
    await field(admin, 'Tournament Name').fill(name);
    await field(admin, 'Description').fill('Live description one');
    await field(admin, 'Slots').fill('10');
    await admin.getByRole('combobox', { name: 'Type' }).selectOption('3v3');
    await field(admin, 'Discord Link').fill('https://discord.gg/e2e-live');
    await admin.getByRole('button', { name: 'Create Tournament' }).click();
    await visible(admin.getByRole('status').filter({ hasText: 'Tournament added successfully' }));

    const live = card(watcher, name);
    await visible(live, ADMIN_LIVE_MS);
    await visible(live.getByRole('heading', { name: 'Live description one' }));
    await visible(text(live, '3v3 Tournament'));
    await visible(text(live, '10 slots left'));

    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    await field(admin, 'Description').fill('Live description two');
    await field(admin, 'Slots').fill('12');
    await admin.getByRole('button', { name: 'Update Tournament' }).click();
    await visible(admin.getByRole('status').filter({ hasText: 'Tournament updated successfully' }));
    await visible(live.getByRole('heading', { name: 'Live description two' }), ADMIN_LIVE_MS);
    await visible(text(live, '12 slots left'), ADMIN_LIVE_MS);

    await admin.getByRole('button', { name: `Delete ${name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(admin.getByRole('status').filter({ hasText: 'Tournament and associated data deleted successfully' }));
    await live.waitFor({ state: 'detached', timeout: ADMIN_LIVE_MS });
    await expectSameDocument(watcher);
  });
});
