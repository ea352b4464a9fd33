// A Swiss tournament run by its staff, in the browser from check-in to champion: the administrator
// adds a moderator and a co-organiser on the tournament's Staff screen; a player checks in on the
// tournament page and the moderator checks the other teams in on the roster; the co-organiser (no
// administrator) starts it after the Swiss preview; the moderator sets every result from the match
// list, each Swiss round appearing when the last one is complete; the top 8 play on in single
// elimination; a signed-out visitor follows it all live: the Swiss rounds, the Swiss standings with
// Buchholz, the top cut, and the champion. Nine solo players, three Swiss rounds.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, createTournament, registerAs, updateTournament, type Player } from './support/data.ts';
import { openLive, region, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();
const LIVE_MS = 10_000;
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** Someone's dashboard with one tournament's screen open at `section` (Teams, Bracket or Staff). */
async function tournamentScreen(who: Pick<Player, 'email' | 'password'>, name: string, section: string) {
  const { page } = await newPerson(journey.browser);
  // Staff land on /home like any player and reach the dashboard from the header.
  if (who === ADMIN) await signInAt(page, who, '/admindashboard');
  else {
    await signInAt(page, who);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  }
  await page.getByRole('button', { name: `View Teams for ${name}` }).click();
  await visible(page.getByRole('region', { name: `Teams of ${name}` }));
  if (section !== 'Teams') await page.getByRole('link', { name: section }).click();
  const screen = page.getByRole('region', { name: `${section} of ${name}` });
  await visible(screen);
  return { page, screen };
}

async function addStaff(screen: Locator, username: string, role: 'Moderator' | 'Co-organiser') {
  await screen.getByLabel('Username').fill(username);
  await screen.getByLabel('Role').selectOption(role);
  await screen.getByRole('button', { name: 'Add to staff' }).click();
  await visible(screen.getByRole('table', { name: 'Staff' }).getByRole('cell', { name: username, exact: true }));
}

/** Sets the result of the first match still to play, its first team (the higher-ranked) winning; false when none is left. */
async function settleNext(page: Page, matches: Locator): Promise<boolean> {
  const button = matches.getByRole('button', { name: /^Set result of / }).first();
  try {
    await button.waitFor({ state: 'visible', timeout: LIVE_MS });
  } catch {
    return false;
  }
  // "Set result of Swiss round 2, match 1": its place, which stays its name once settled.
  const label = (await button.getAttribute('aria-label'))!;
  await button.click();
  const dialog = page.getByRole('dialog');
  await visible(dialog);
  await dialog.getByRole('combobox', { name: 'Game 1 winner' }).selectOption('1');
  await dialog.getByRole('button', { name: 'Save result' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // The list reads the matches again, the next Swiss round among them once this one is complete.
  await matches.getByRole('button', { name: `Correct result of ${label.slice('Set result of '.length)}` }).waitFor();
  return true;
}

describe('A Swiss tournament run by its staff', () => {
  it('nine players, three Swiss rounds and a top 8 cut, from check-in to champion', async () => {
    const NAMES = ['Shelly', 'Colt', 'Bull', 'Brock', 'Rico', 'Spike', 'Barley', 'Jessie', 'Nita'] as const;
    const t = await createTournament('1v1', 9, 'E2E Swiss', { starts_at: minutes(120) });
    const path = `/tournaments/${t.id}`;
    const accounts = await Promise.all(NAMES.map((n) => createPlayer(n.toLowerCase())));
    for (const [i, who] of accounts.entries()) await registerAs(who, t, undefined, '', [NAMES[i]!]);
    await updateTournament(t.id, {
      format: 'swiss',
      swiss_rounds: 3,
      top_cut: 8,
      best_of: 1,
      checkin_opens_at: minutes(-5),
      checkin_closes_at: minutes(60),
    });
    const [moderator, organiser] = await Promise.all([createPlayer('mod'), createPlayer('coorg')]);

    // The administrator adds the staff on the tournament's Staff screen.
    const admin = await tournamentScreen(ADMIN, t.name, 'Staff');
    await addStaff(admin.screen, moderator.username, 'Moderator');
    await addStaff(admin.screen, organiser.username, 'Co-organiser');

    // A visitor follows the tournament page, signed out.
    const { page: visitor } = await newPerson(journey.browser);
    await openLive(visitor, path, t.name);

    // Shelly checks in on the tournament page; the moderator checks the others in on the roster.
    const { page: shelly } = await newPerson(journey.browser);
    await signInAt(shelly, accounts[0]!);
    await openLive(shelly, path, t.name);
    const mine = region(shelly, 'Your registration');
    await mine.getByRole('button', { name: 'Check in' }).click();
    await visible(text(mine, 'Checked in'));
    const roster = await tournamentScreen(moderator, t.name, 'Teams');
    expect(await roster.page.getByRole('button', { name: 'Add Tournament' }).count()).toBe(0);
    for (const name of NAMES.slice(1)) {
      await roster.screen.getByRole('button', { name: `Check in ${name}` }).click();
      await visible(roster.screen.getByRole('button', { name: `Check out ${name}` }));
    }

    // Check-in closes; the co-organiser starts it: Swiss round 1 pairs the top half with the bottom
    // half, and the last seed has the bye.
    await updateTournament(t.id, { checkin_opens_at: minutes(-30), checkin_closes_at: minutes(-1) });
    const start = await tournamentScreen(organiser, t.name, 'Bracket');
    await start.screen.getByRole('button', { name: 'Start tournament' }).click();
    const dialog = start.page.getByRole('dialog', { name: `Start ${t.name}` });
    await visible(dialog);
    await dialog.getByRole('radio', { name: 'Check-in order' }).check();
    const preview = dialog.getByRole('list', { name: 'First-round pairings' }).getByRole('listitem');
    await expect
      .poll(() => preview.allTextContents())
      .toEqual(['Shelly vs Rico', 'Colt vs Spike', 'Bull vs Barley', 'Brock vs Jessie', 'Nita vs bye']);
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The visitor sees Swiss round 1 and the Swiss standings with Buchholz, without a reload.
    const bracket = visitor.getByRole('region', { name: 'Bracket', exact: true });
    await visible(bracket.getByRole('list', { name: 'Swiss round 1' }), LIVE_MS);
    await visible(
      bracket.getByRole('table', { name: 'Swiss standings' }).getByRole('columnheader', { name: 'Buchholz' }),
    );

    // The moderator sets every result from the match list: three Swiss rounds, then the top cut.
    const results = await tournamentScreen(moderator, t.name, 'Bracket');
    const matches = results.screen.getByRole('list', { name: 'Matches' });
    let settled = 0;
    while (await settleNext(results.page, matches)) settled++;
    // 4 matches a Swiss round (Nita and two others have byes), then 4 + 2 + 1 in the top cut.
    expect(settled).toBe(12 + 7);

    await visible(bracket.getByRole('list', { name: 'Swiss round 3' }), LIVE_MS);
    await visible(bracket.getByRole('heading', { name: 'Top cut: single elimination' }));
    await visible(text(bracket, 'Tournament complete.'), LIVE_MS);
    // The cut's first seed (the Swiss standings' first) won every match it played: the champion.
    const swissFirst = await bracket
      .getByRole('table', { name: 'Swiss standings' })
      .getByRole('row')
      .nth(1)
      .getByRole('rowheader')
      .textContent();
    const championRow = bracket.getByRole('table', { name: 'Standings' }).getByRole('row').nth(1);
    await visible(championRow.getByText('Champion'));
    expect((await championRow.getByRole('rowheader').textContent())!.replace(/Champion$/, '')).toBe(
      swissFirst!.replace(/ \(bye\)$/, ''),
    );
    // Nine teams in the Swiss standings; the ninth missed the cut and finished ninth.
    expect(await bracket.getByRole('table', { name: 'Swiss standings' }).getByRole('row').count()).toBe(10);
    await visible(
      bracket
        .getByRole('table', { name: 'Standings' })
        .getByRole('row')
        .nth(9)
        .getByRole('cell', { name: '9', exact: true }),
    );
  }, 300_000);
});
