// /home and the tournaments that are over (issue 29, items 10 and 14): the list is public, in the
// order that matters (open for registration, live, by start time) and stays put when someone
// registers; a running or finished tournament shows its state, not a full one's.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, registerAs } from './support/data.ts';
import { playedTournament } from './support/played.ts';
import { checkScreen } from './support/screens.ts';
import { card, navLink, openHome, text, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** The names of the cards on /home, in the order shown. */
function cardNames(page: Page): Promise<string[]> {
  return page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
}

describe('/home', () => {
  it('lists open tournaments first, then live, then finished, by start time, and keeps the order when someone registers (item 14)', async () => {
    // Made oldest first, so "newest created first" would put the finished one on top.
    const later = await createTournament('1v1', 8, 'E2E Order later', { starts_at: days(6) });
    const sooner = await createTournament('1v1', 8, 'E2E Order sooner', { starts_at: days(2) });
    const live = await playedTournament('1v1', ['OrderA', 'OrderB', 'OrderC', 'OrderD'], { label: 'E2E Order live' });
    const finished = await playedTournament('1v1', ['OrderE', 'OrderF'], { label: 'E2E Order done', finish: true });
    const mine = [sooner.name, later.name, live.name, finished.name];

    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newPerson(journey.browser, viewport);
      await openHome(page);
      await visible(card(page, finished.name));
      const shown = (await cardNames(page)).filter((n) => mine.includes(n));
      expect(shown).toEqual(mine);
      const before = await cardNames(page);
      // Someone registers for the later one: its count moves, no card moves.
      if (viewport === PHONE) {
        await registerAs(await createPlayer('order'), later);
        await visible(text(card(page, later.name), '7 slots left'), 10_000);
      }
      expect(await cardNames(page)).toEqual(before);
    }
  });

  it('is open to visitors: Tournaments in the header shows the list, not the sign-in form (item 14)', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newPerson(journey.browser, viewport);
      await page.goto('/contactus');
      await (await navLink(page, 'Tournaments')).click();
      await waitForPath(page, '/home');
      await visible(page.getByRole('heading', { name: 'Tournaments', level: 1 }));
      await visible(page.getByRole('article').first());
      // Let the app settle: it must not move on to /login.
      await page.waitForTimeout(1_000);
      expect(new URL(page.url()).pathname).toBe('/home');
      if (viewport === PHONE) await checkScreen(page, 'home-visitor');
    }
  });

  it('shows a live tournament with its round and a finished one with its champion and top places, not as full (item 10)', async () => {
    const live = await playedTournament('1v1', ['LiveA', 'LiveB', 'LiveC', 'LiveD'], { label: 'E2E Live' });
    const done = await playedTournament('2v2', ['Alpha', 'Bravo', 'Charlie', 'Delta'], {
      label: 'E2E Done',
      finish: true,
      waitlisted: 1,
    });
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await newPerson(journey.browser, viewport);

      // The finished tournament's page: the champion and the podium at the top, nothing of slots.
      await page.goto(`/tournaments/${done.id}`);
      const champion = text(page, /Champion: Alpha/);
      await visible(champion);
      const box = (await champion.boundingBox())!;
      expect(box.y + box.height, 'the champion is in the first screen').toBeLessThanOrEqual(viewport.height);
      await visible(text(page, /2nd: Bravo/));
      await visible(text(page, /3rd: Charlie, Delta/));
      await visible(text(page, 'This tournament is over.'));
      for (const gone of ['Registration is closed.', 'on the waitlist', 'slots left']) {
        expect(await page.getByText(gone).count(), gone).toBe(0);
      }
      if (viewport === PHONE) await checkScreen(page, 'tournament-finished', champion);

      // The running one: live, with the round being played.
      await page.goto(`/tournaments/${live.id}`);
      await visible(text(page, /Live: Semi-final/));
      await visible(text(page, 'The tournament is under way: follow it in the bracket below.'));
      expect(await page.getByText('slots left').count()).toBe(0);

      // Their cards on /home.
      await openHome(page);
      const doneCard = card(page, done.name);
      await visible(text(doneCard, 'Finished'));
      await visible(text(doneCard, /Champion: Alpha/));
      await visible(doneCard.getByRole('link', { name: 'See the results' }));
      const liveCard = card(page, live.name);
      await visible(text(liveCard, 'Live'));
      await visible(text(liveCard, 'Now playing: Semi-final'));
      for (const c of [doneCard, liveCard]) {
        expect(await c.getByText(/slots? left/).count()).toBe(0);
        expect(await c.getByText('The tournament is full').count()).toBe(0);
        expect(await c.getByRole('progressbar').count()).toBe(0);
      }
      if (viewport === PHONE) await checkScreen(page, 'home-finished-card', doneCard);
    }
  });
});
