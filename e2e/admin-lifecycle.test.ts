// The administrator runs a tournament from schedule to results: creates it with a schedule in the
// viewer's zone, sees registered and waitlisted teams, removes one (the waitlisted team moves up
// live), checks teams in by hand, starts it after check-in with a preview of the first round, sets
// results and corrects one (confirming the reset of the final, which is then played again), and reads
// the result history.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Locator, Page } from 'playwright-core';
import { newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, createPlayer, listTournaments, playerId, tag, type Player } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { chooseDay, field, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();

async function signedIn(who: { email: string; password: string }): Promise<SupabaseClient> {
  const c = createClient(inject('e2eUrl'), inject('e2eAnonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await c.auth.signInWithPassword(who);
  if (error) throw new Error(`Could not sign in ${who.email}: ${error.message}`);
  return c;
}

/** A solo registration by `player`, onto the waitlist when the tournament is full. */
async function registerSolo(player: Player, tournamentId: string, name: string): Promise<void> {
  const { error } = await (
    await signedIn(player)
  ).rpc('register_team', {
    p_tournament_id: tournamentId,
    p_team_name: '',
    p_players: [{ player_id: `#${playerId()}`, in_game_name: name }],
    p_waitlist: true,
  });
  if (error) throw new Error(`Could not register ${name}: ${error.message}`);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Picks a date and time in the form's picker as a person does (the browser's zone is the viewer's). */
async function pickTime(page: Page, form: Locator, label: string, at: Date): Promise<void> {
  await chooseDay(page, form, label, at);
  await page.getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type(pad(at.getHours()));
  await page.getByRole('spinbutton', { name: 'Minutes' }).click();
  await page.keyboard.type(pad(at.getMinutes()));
  await page.getByRole('button', { name: `Set ${label.toLowerCase()}` }).click();
}

describe('Administrator runs a tournament', () => {
  it('schedules, manages the roster, starts with a preview, corrects a result and reads the history', async () => {
    const { page } = await newPerson(journey.browser);
    await signInAt(page, ADMIN, '/admindashboard');
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));

    // Create with a schedule: three days ahead at 20:00 in the browser's zone.
    const name = `E2E Lifecycle Cup ${tag()}`;
    const start = new Date();
    start.setDate(start.getDate() + 3);
    start.setHours(20, 0, 0, 0);
    await page.getByRole('button', { name: 'Add Tournament' }).click();
    const form = page.getByRole('form', { name: 'Create tournament' });
    await visible(form);
    await field(form, 'Tournament Name').fill(name);
    await field(form, 'Description').fill('Solo bracket, best of three');
    await field(form, 'Slots').fill('4');
    await field(form, 'Discord Link').fill('https://discord.gg/e2e-lifecycle');
    await pickTime(page, form, 'Start', start);
    await visible(text(form, /^Default: 60 minutes before the start \(.*19:00/));
    await form.getByRole('combobox', { name: 'Best of' }).selectOption('3');
    await field(form, 'Prize').fill('Rs500');
    await field(form, 'Rules').fill('Screenshots of every game.');
    await checkScreen(page, 'admin-form-schedule');
    await form.getByRole('button', { name: 'Create Tournament' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Tournament added successfully' }));
    const created = (await listTournaments()).find((t) => t.name === name)!;
    expect(new Date(created.starts_at!).getTime()).toBe(start.getTime());
    expect(created).toMatchObject({ best_of: 3, prize: 'Rs500', format: 'single_elimination', checkin_opens_at: null });

    // Five players register for four slots: the fifth is waitlisted.
    const names = ['Amber', 'Bibi', 'Carl', 'Darryl', 'Emz'];
    for (const n of names) await registerSolo(await createPlayer(n.toLowerCase()), created.id, n);

    await page.getByRole('button', { name: `View Teams for ${name}` }).click();
    const roster = page.getByRole('region', { name: `Teams of ${name}` });
    const registered = roster.getByRole('region', { name: 'Registered teams' });
    const waitlist = roster.getByRole('region', { name: 'Waitlist' });
    await visible(registered.getByRole('button', { name: /^Darryl/ }));
    await visible(waitlist.getByRole('listitem', { name: 'Emz' }));
    await checkScreen(page, 'admin-roster');

    // Remove Bibi: Emz takes the slot, without a reload.
    await roster.getByRole('button', { name: 'Remove Bibi' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Bibi' });
    await visible(text(confirm, /The first team on the waitlist takes its slot/));
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(registered.getByRole('button', { name: /^Emz/ }));
    await waitlist.waitFor({ state: 'detached' });
    expect(await registered.getByRole('button', { name: /^Bibi/ }).count()).toBe(0);

    // Check everyone in by hand, in this order.
    for (const n of ['Carl', 'Amber', 'Emz', 'Darryl']) {
      await roster.getByRole('button', { name: `Check in ${n}`, exact: true }).click();
      await visible(roster.getByRole('button', { name: `Check out ${n}`, exact: true }));
    }
    // The bracket has an address of its own, a link away from the roster.
    await roster.getByRole('link', { name: 'Bracket' }).click();
    const bracket = page.getByRole('region', { name: `Bracket of ${name}` });
    await visible(bracket);
    const start_ = bracket.getByRole('button', { name: 'Start tournament' });
    expect(await start_.isDisabled()).toBe(true);

    // Time passes: check-in closed an hour ago, the start is still ahead.
    const { error } = await (
      await signedIn(ADMIN)
    )
      .from('tournaments')
      .update({
        checkin_opens_at: new Date(Date.now() - 7_200_000).toISOString(),
        checkin_closes_at: new Date(Date.now() - 3_600_000).toISOString(),
      })
      .eq('id', created.id);
    expect(error).toBeNull();
    await expect.poll(() => start_.isEnabled(), { timeout: 15_000 }).toBe(true);

    // Start in check-in order with the preview: seed 1 Carl meets seed 4 Darryl, Amber meets Emz.
    await start_.click();
    const dialog = page.getByRole('dialog', { name: `Start ${name}` });
    await visible(dialog);
    await dialog.getByRole('radio', { name: 'Check-in order' }).check();
    const pairings = dialog.getByRole('list', { name: 'First-round pairings' }).getByRole('listitem');
    await expect.poll(() => pairings.allTextContents()).toEqual(['Carl vs Darryl', 'Amber vs Emz']);
    await checkScreen(page, 'admin-start-preview');
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const matches = bracket.getByRole('list', { name: 'Matches' });
    const final = matches.getByRole('listitem', { name: 'Final, match 1', exact: true });
    await visible(final);

    async function setResult(label: string, winners: string[], action = 'Set result of') {
      await bracket.getByRole('button', { name: `${action} ${label}` }).click();
      const d = page.getByRole('dialog');
      await visible(d);
      for (const [i, w] of winners.entries())
        await d.getByRole('combobox', { name: `Game ${i + 1} winner` }).selectOption(w);
      await d.getByRole('button', { name: 'Save result' }).click();
      return d;
    }
    let d = await setResult('Semi-final, match 1', ['Carl', 'Carl']);
    await d.waitFor({ state: 'hidden' });
    d = await setResult('Semi-final, match 2', ['Amber', 'Emz', 'Amber']);
    await d.waitFor({ state: 'hidden' });
    await visible(text(final, /Carl vs Amber/));
    d = await setResult('Final, match 1', ['Carl', 'Carl']);
    await d.waitFor({ state: 'hidden' });
    await visible(text(final, 'Winner: Carl'));

    // Correct the first semi-final: Darryl won. The final was played on Carl's win: confirm its reset.
    d = await setResult('Semi-final, match 1', ['Darryl', 'Darryl'], 'Correct result of');
    await visible(text(d, 'Later matches were played after this result: confirm to reset them.'));
    await checkScreen(page, 'admin-result-reset-confirm');
    await d.getByRole('button', { name: 'Reset later matches and save' }).click();
    await d.waitFor({ state: 'hidden' });
    await visible(text(final, /Darryl vs Amber/));
    expect(await final.getByText(/^Winner:/).count()).toBe(0);
    // The final is played again.
    d = await setResult('Final, match 1', ['Amber', 'Darryl', 'Amber']);
    await d.waitFor({ state: 'hidden' });
    await visible(text(final, 'Winner: Amber'));

    // The history: who, when, before and after, newest first.
    await bracket.getByRole('button', { name: 'Result history' }).click();
    const history = bracket.getByRole('table', { name: 'Result history' });
    await visible(history);
    const rows = history.getByRole('row');
    await expect.poll(() => rows.count()).toBe(7);
    const cells = async (i: number) => (await rows.nth(i).getByRole('cell').allTextContents()).slice(1);
    expect((await cells(1)).slice(1)).toEqual(['Final, match 1', 'Set by admin', '—', 'Amber won 2-1']);
    expect((await cells(2)).slice(1)).toEqual([
      'Semi-final, match 1',
      'Set by admin',
      'Carl won 2-0',
      'Darryl won 2-0',
    ]);
    expect((await cells(3)).slice(1)).toEqual(['Final, match 1', 'Reset', 'Carl won 2-0', '—']);
    expect((await cells(1))[0]).not.toBe('Removed account');
    await checkScreen(page, 'admin-result-history', history);
  });
});
