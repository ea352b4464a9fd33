// A player's current match comes first: on the tournament's page "Your match" and its action sit
// above the banner, the rules and the teams, and one tap opens the match's dialog; My Tournaments'
// "Report result" and "Confirm result" open the page with that dialog open (issue 29, item 2). My
// Tournaments lists running tournaments first, marked live, not under Past (item 7). The registration
// form starts with the player themself as player 1 (item 6).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import {
  adminRpc,
  createPlayer,
  createTournament,
  registerAs,
  signedInAs,
  updateTournament,
  type Player,
} from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { card, field, navLink, openHome, region, signInAt, text, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

const LONG_RULES = Array.from({ length: 30 }, (_, i) => `${i + 1}. A rule every player reads once.`).join('\n');

/** Where the element's bottom edge is, from the top of the page. */
async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on the page');
  return box.y + box.height;
}

/** The tournament page as it first shows: the match's action is on the first screen, before the banner and rules. */
async function matchComesFirst(page: Page, tournamentId: string, action: string): Promise<Locator> {
  await page.goto(`/tournaments/${tournamentId}`);
  const mine = region(page, 'Your match');
  const button = mine.getByRole('link', { name: action, exact: true });
  await visible(button);
  expect(await bottomOf(button)).toBeLessThanOrEqual(page.viewportSize()!.height);
  const banner = page.getByRole('img', { name: /banner$/ });
  expect(await bottomOf(mine)).toBeLessThanOrEqual((await banner.boundingBox())!.y);
  expect(await bottomOf(mine)).toBeLessThanOrEqual((await region(page, 'Rules').boundingBox())!.y);
  return button;
}

async function openMyTournaments(page: Page): Promise<void> {
  await (await navLink(page, 'My Tournaments')).click();
  await waitForPath(page, '/my-tournaments');
}

async function startedDuel(): Promise<{ id: string; name: string; nova: Player; blaze: Player }> {
  const [nova, blaze] = [await createPlayer('nova'), await createPlayer('blaze')];
  const t = await createTournament('1v1', 2, 'E2E Match First', { rules: LONG_RULES });
  await registerAs(nova, t, [nova.gameId], undefined, ['Nova']);
  await registerAs(blaze, t, [blaze.gameId], undefined, ['Blaze']);
  for (const p of [nova, blaze]) {
    const { data } = await (await signedInAs(p)).from('teams').select('id').eq('tournament_id', t.id).single();
    await adminRpc('set_check_in', { p_team_id: data!.id, p_checked_in: true });
  }
  await adminRpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' });
  return { id: t.id, name: t.name, nova, blaze };
}

describe("A player's match", () => {
  it('comes first on the tournament page and opens in one tap, there and from My Tournaments (phone and desktop)', async () => {
    const t = await startedDuel();

    // Nova, on a phone: the match and its action on the first screen; one tap opens the dialog.
    const { page: nova } = await newPerson(journey.browser, PHONE);
    await signInAt(nova, t.nova);
    const report = await matchComesFirst(nova, t.id, 'Report result');
    await checkScreen(nova, 'tournament-match-first', region(nova, 'Your match'));
    await report.click();
    const dialog = nova.getByRole('dialog', { name: /^(Nova vs Blaze|Blaze vs Nova)$/ });
    await visible(dialog.getByRole('button', { name: 'Report result' }));
    expect(new URL(nova.url()).searchParams.get('match')).toMatch(/^[0-9a-f-]{36}$/);
    await nova.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // From My Tournaments, "Report result" lands on the page with the dialog open.
    await openMyTournaments(nova);
    await card(nova, t.name).getByRole('link', { name: 'Report result' }).click();
    await waitForPath(nova, `/tournaments/${t.id}`);
    await visible(dialog.getByRole('button', { name: 'Report result' }));

    // Nova reports from another device; Blaze, on a desktop, confirms from My Tournaments in one tap.
    const novaClient = await signedInAs(t.nova);
    const { data: match } = await novaClient.from('matches').select('id, team1_id').eq('tournament_id', t.id).single();
    expect(
      (await novaClient.rpc('report_match', { p_match_id: match!.id, p_games: [{ winner: 1 }] })).error,
    ).toBeNull();
    const { page: blaze } = await newPerson(journey.browser, DESKTOP);
    await signInAt(blaze, t.blaze);
    await matchComesFirst(blaze, t.id, 'Confirm result');
    await openMyTournaments(blaze);
    await card(blaze, t.name).getByRole('link', { name: 'Confirm result' }).click();
    await waitForPath(blaze, `/tournaments/${t.id}`);
    const blazeDialog = blaze.getByRole('dialog', { name: /^(Nova vs Blaze|Blaze vs Nova)$/ });
    await blazeDialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await visible(blazeDialog.getByText('Result confirmed.'));
  });
});

describe('My Tournaments', () => {
  it('lists running tournaments first, marked live, from their start to their end; Past is for the finished', async () => {
    const t = await startedDuel();
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const upcoming = await createTournament('1v1', 4, 'E2E Later', { starts_at: soon });
    const due = await createTournament('1v1', 4, 'E2E Due', { starts_at: soon });
    const cancelled = await createTournament('1v1', 4, 'E2E Called Off', { starts_at: soon });
    for (const x of [upcoming, due, cancelled]) await registerAs(t.nova, x, [t.nova.gameId], undefined, ['Nova']);
    // Its start time comes in a moment; the organiser has not pressed Start yet.
    const dueAt = Date.now() + 3_000;
    await updateTournament(due.id, { starts_at: new Date(dueAt).toISOString() });
    await updateTournament(cancelled.id, { cancelled_at: new Date().toISOString() });

    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, t.nova);
    await new Promise((r) => setTimeout(r, Math.max(0, dueAt + 500 - Date.now())));
    await openMyTournaments(page);
    const sections = page.getByRole('region', { name: /^(Live now|Upcoming|Past)$/ });
    await visible(region(page, 'Past'));
    expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('aria-label')))).toEqual([
      'Live now',
      'Upcoming',
      'Past',
    ]);
    const live = region(page, 'Live now');
    for (const name of [t.name, due.name]) await visible(text(card(live, name), 'Live'));
    await visible(card(region(page, 'Upcoming'), upcoming.name));
    await visible(card(region(page, 'Past'), cancelled.name));
    expect(await card(region(page, 'Past'), t.name).count()).toBe(0);
    await checkScreen(page, 'my-tournaments-live', live);
  });
});

describe('The registration form', () => {
  it("starts with the player's own player ID and name: the 1v1 entrant (phone), a team's captain (desktop)", async () => {
    const me = await createPlayer('self');
    const solo = await createTournament('1v1', 4, 'E2E Self Solo');
    const trio = await createTournament('3v3', 4, 'E2E Self Trio');

    const { page: phone } = await newPerson(journey.browser, PHONE);
    await signInAt(phone, me);
    await phone.goto(`/tournaments/${solo.id}`);
    const mine = region(phone, 'Your registration');
    await mine.getByRole('button', { name: 'Register' }).click();
    expect(await field(mine, 'Player 1 ID').inputValue()).toBe(`#${me.gameId}`);
    expect(await field(mine, 'Player 1 In-Game Name').inputValue()).toBe(me.username);
    await mine.getByRole('button', { name: 'Submit Registration' }).click();
    await visible(text(mine, 'Wait for the Discord Link'));

    const { page: desktop } = await newPerson(journey.browser, DESKTOP);
    await signInAt(desktop, me);
    await openHome(desktop);
    const c = card(desktop, trio.name);
    await c.getByRole('button', { name: 'Register Now' }).click();
    expect(await field(c, 'Player 1 ID').inputValue()).toBe(`#${me.gameId}`);
    expect(await field(c, 'Player 1 In-Game Name').inputValue()).toBe(me.username);
    expect(await field(c, 'Player 2 ID').inputValue()).toBe('');
    await checkScreen(desktop, 'registration-prefilled', c);
  });
});
