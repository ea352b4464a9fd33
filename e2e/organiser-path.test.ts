// An organiser's way through a one-evening cup from the admin screens alone (issue 29): a typed time
// is kept exactly (item 3); "Close check-in now" settles the no-shows at once and lets the tournament
// start without waiting on the clock (item 4); the admin match list names, groups and orders rounds as
// the public bracket does, disputes on top, with a link to the public page (item 8).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import {
  ADMIN,
  adminRpc,
  createPlayer,
  createTournament,
  listTournaments,
  registerAs,
  signedInAs,
  tag,
  updateTournament,
  type Player,
} from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { chooseDay, field, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();

async function openCreateForm(page: Page): Promise<Locator> {
  await signInAt(page, ADMIN, '/admindashboard');
  await page.getByRole('button', { name: 'Add Tournament' }).click();
  const form = page.getByRole('form', { name: 'Create tournament' });
  await visible(form);
  return form;
}

describe("The organiser's console", () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps a time typed in one go, "1830", as 18:30 (${size})`, async () => {
      const { page } = await newPerson(journey.browser, viewport);
      const form = await openCreateForm(page);
      const name = `E2E Typed Time ${tag()}`;
      await field(form, 'Tournament Name').fill(name);
      await field(form, 'Description').fill('A time typed, not picked');
      await field(form, 'Discord Link').fill('https://discord.gg/e2e-typed');
      const day = new Date();
      day.setDate(day.getDate() + 2);
      await chooseDay(page, form, 'Start', day);
      await page.getByRole('spinbutton', { name: 'Hours' }).click();
      await page.keyboard.type('1830');
      await page.getByRole('button', { name: 'Set start' }).click();
      await visible(form.getByRole('button', { name: /^Start/ }).filter({ hasText: '18:30' }));
      await form.getByRole('button', { name: 'Create Tournament' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Tournament added successfully' }));
      const created = (await listTournaments()).find((t) => t.name === name)!;
      const expected = new Date(day);
      expected.setHours(18, 30, 0, 0);
      expect(new Date(created.starts_at!).toISOString()).toBe(expected.toISOString());
    });
  }
});

/** The player's team in the tournament, as they read it. */
async function teamOf(player: Player, tournamentId: string) {
  const { data } = await (
    await signedInAs(player)
  )
    .from('teams')
    .select('id, status')
    .eq('tournament_id', tournamentId)
    .single()
    .throwOnError();
  return data;
}

describe('Close check-in now', () => {
  it('settles the no-shows at once and lets the organiser start before the clock closes check-in', async () => {
    const [amber, bibi, carl] = [await createPlayer('amber'), await createPlayer('bibi'), await createPlayer('carl')];
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const t = await createTournament('1v1', 2, 'E2E Close Now', { starts_at: startsAt });
    await registerAs(amber, t, [amber.gameId], undefined, ['Amber']);
    await registerAs(bibi, t, [bibi.gameId], undefined, ['Bibi']);
    // Full: Carl joins the waitlist.
    const waitlisted = await (
      await signedInAs(carl)
    ).rpc('register_team', {
      p_tournament_id: t.id,
      p_team_name: '',
      p_players: [{ player_id: `#${carl.gameId}`, in_game_name: 'Carl' }],
      p_waitlist: true,
    });
    expect(waitlisted.error).toBeNull();
    // Check-in opens; Amber and the waitlisted Carl check in, Bibi does not show.
    await updateTournament(t.id, { checkin_opens_at: new Date(Date.now() - 60_000).toISOString() });
    for (const p of [amber, carl]) {
      const { error } = await (await signedInAs(p)).rpc('check_in', { p_team_id: (await teamOf(p, t.id)).id });
      expect(error).toBeNull();
    }

    const { page } = await newPerson(journey.browser, DESKTOP);
    await signInAt(page, ADMIN, '/admindashboard');
    await page.goto(`/admindashboard/tournaments/${t.id}/bracket`);
    const bracket = page.getByRole('region', { name: `Bracket of ${t.name}` });
    const start = bracket.getByRole('button', { name: 'Start tournament' });
    await visible(start);
    expect(await start.isDisabled()).toBe(true);
    await bracket.getByRole('button', { name: 'Close check-in now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close check-in now' });
    await visible(text(dialog, /teams that have not checked in give their slots/));
    await checkScreen(page, 'admin-close-check-in');
    await dialog.getByRole('button', { name: 'Close check-in' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    expect(await bracket.getByRole('button', { name: 'Close check-in now' }).count()).toBe(0);

    // Bibi's slot went to Carl, as at the scheduled close; Carl and Amber play.
    expect((await teamOf(bibi, t.id)).status).toBe('waitlisted');
    expect((await teamOf(carl, t.id)).status).toBe('registered');
    await start.click();
    const startDialog = page.getByRole('dialog', { name: `Start ${t.name}` });
    await startDialog.getByRole('radio', { name: 'Check-in order' }).check();
    const preview = startDialog.getByRole('list', { name: 'First-round pairings' }).getByRole('listitem');
    await expect.poll(() => preview.allTextContents()).toEqual(['Amber vs Carl']);
    await startDialog.getByRole('button', { name: 'Start', exact: true }).click();
    await startDialog.waitFor({ state: 'hidden' });
    expect((await listTournaments()).find((x) => x.id === t.id)?.started_at).not.toBeNull();
  });
});

/** Eight players in a started bracket of `format`, seeded in check-in order. */
async function startedEight(format: 'single_elimination' | 'double_elimination') {
  const players = await Promise.all(Array.from({ length: 8 }, (_, i) => createPlayer(`eight${i}`)));
  const t = await createTournament('1v1', 8, `E2E Eight ${format === 'single_elimination' ? 'Single' : 'Double'}`);
  await updateTournament(t.id, { format });
  for (const [i, p] of players.entries()) {
    await registerAs(p, t, [p.gameId], undefined, [`Eight${i}`]);
    await adminRpc('set_check_in', { p_team_id: (await teamOf(p, t.id)).id, p_checked_in: true });
  }
  await adminRpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' });
  return { ...t, players };
}

describe('The admin match list', () => {
  for (const format of ['single_elimination', 'double_elimination'] as const) {
    it(`names, groups and orders rounds as the public bracket does, disputes on top (${format})`, async () => {
      const t = await startedEight(format);
      const { page: visitor } = await newPerson(journey.browser, DESKTOP);
      await visitor.goto(`/tournaments/${t.id}`);
      const publicBracket = visitor.getByRole('region', { name: 'Bracket', exact: true });
      await visible(publicBracket.getByRole('heading', { level: 4 }).first());
      const publicSections = await publicBracket.getByRole('heading', { level: 3 }).allTextContents();
      const publicRounds = await publicBracket.getByRole('heading', { level: 4 }).allTextContents();

      const { page } = await newPerson(journey.browser, DESKTOP);
      await signInAt(page, ADMIN, '/admindashboard');
      await page.goto(`/admindashboard/tournaments/${t.id}/bracket`);
      const bracket = page.getByRole('region', { name: `Bracket of ${t.name}` });
      const matches = bracket.getByRole('list', { name: 'Matches' });
      await visible(matches);
      expect(await matches.getByRole('heading', { level: 4 }).allTextContents()).toEqual(publicSections);
      const rounds = async () =>
        (await matches.getByRole('list').evaluateAll((all) => all.map((l) => l.getAttribute('aria-label')))).filter(
          (name) => name !== 'Needs attention',
        );
      expect(await rounds()).toEqual(publicRounds);
      expect(publicRounds).toContain(format === 'single_elimination' ? 'Quarter-final' : 'Winners final');
      expect(await bracket.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
        `/tournaments/${t.id}`,
      );

      // A captain reports, the other disputes: the match goes to the top, under Needs attention.
      const { data: first } = await (
        await signedInAs(t.players[0]!)
      )
        .rpc('my_next_match', { p_tournament_id: t.id })
        .single<{ match_id: string; round_label: string }>();
      const reporter = await signedInAs(t.players[0]!);
      const { data: m } = await reporter
        .from('matches')
        .select('team1_id, team2_id, position')
        .eq('id', first!.match_id)
        .single();
      expect(
        (await reporter.rpc('report_match', { p_match_id: first!.match_id, p_games: [{ winner: 1 }] })).error,
      ).toBeNull();
      const label = `${first!.round_label}, match ${m!.position}`;
      const disputer = await Promise.all(t.players.slice(1).map(async (p) => ({ p, team: await teamOf(p, t.id) })));
      const opponent = disputer.find((x) => [m!.team1_id, m!.team2_id].includes(x.team.id))!;
      const dispute = await (
        await signedInAs(opponent.p)
      ).rpc('dispute_match', {
        p_match_id: first!.match_id,
        p_comment: 'Game 1 was ours.',
      });
      expect(dispute.error).toBeNull();
      const attention = matches.getByRole('list', { name: 'Needs attention' });
      await visible(attention.getByRole('listitem', { name: label }));
      const firstList = await matches.getByRole('list').first().getAttribute('aria-label');
      expect(firstList).toBe('Needs attention');
      await checkScreen(page, `admin-match-list-${format}`, attention);
    });
  }
});
