// The time before the first match, as players live it: the start shown in their own time zone, a
// withdrawal that promotes the waitlist while the promoted captain watches, and check-in closing with
// a no-show replaced by a checked-in waitlisted team.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, playerId, registerAs, signedInAs, updateTournament } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { field, openLive, region, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe('Before the first match', () => {
  it("shows the start in the viewer's own time zone, with its abbreviation", async () => {
    const t = await createTournament('1v1', 8, 'E2E Zone', { starts_at: '2030-12-06T13:30:00Z' });
    const india = (await newPerson(journey.browser, PHONE, { timezoneId: 'Asia/Kolkata', locale: 'en-IN' })).page;
    await india.goto(`/tournaments/${t.id}`);
    await visible(text(india, /Fri 6 Dec, 19:00 IST/).first());
    const paris = (await newPerson(journey.browser, DESKTOP, { timezoneId: 'Europe/Paris', locale: 'en-GB' })).page;
    await paris.goto(`/tournaments/${t.id}`);
    await visible(text(paris, /Fri 6 Dec, 14:30 CET/).first());
  });

  it('promotes the first waitlisted team when a registered one withdraws, live for its captain', async () => {
    const t = await createTournament('1v1', 1, 'E2E Waitlist', { starts_at: minutes(3 * 24 * 60) });
    const path = `/tournaments/${t.id}`;
    const holder = await createPlayer('holder');
    await registerAs(holder, t);
    const hopeful = await createPlayer('hopeful');

    // The hopeful captain finds the tournament full and joins the waitlist.
    const waiting = (await newPerson(journey.browser, PHONE)).page;
    await signInAt(waiting, hopeful);
    await openLive(waiting, path, t.name);
    const mine = region(waiting, 'Your registration');
    await visible(text(mine, 'The tournament is full'));
    await mine.getByRole('button', { name: 'Join the waitlist' }).click();
    const form = mine.getByRole('form');
    await field(form, 'Player 1 ID').fill(playerId());
    await field(form, 'Player 1 In-Game Name').fill('Hopeful');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await visible(text(mine, 'Waitlisted #1'));
    await visible(text(waiting, '1 team on the waitlist'));
    expect(await mine.getByRole('link', { name: 'Join Discord' }).count()).toBe(0);
    await checkScreen(waiting, 'lifecycle-waitlisted', mine);

    // The registered captain withdraws on another device, after confirming.
    const leaving = (await newPerson(journey.browser, DESKTOP)).page;
    await signInAt(leaving, holder);
    await openLive(leaving, path, t.name);
    await region(leaving, 'Your registration').getByRole('button', { name: 'Withdraw' }).click();
    const dialog = leaving.getByRole('dialog', { name: 'Withdraw your team?' });
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await visible(region(leaving, 'Your registration').getByRole('button', { name: 'Join the waitlist' }));

    // The waiting captain's page says so without a reload, with the Discord link now theirs.
    await visible(text(mine, "You're in! A slot freed up and you are registered."), 10_000);
    await visible(text(mine, 'Registered'));
    await visible(mine.getByRole('link', { name: 'Join Discord' }));
    await visible(text(waiting, 'Nobody on the waitlist'));
    await visible(region(waiting, 'Teams').getByText('Hopeful'));
    await checkScreen(waiting, 'lifecycle-promoted', mine);
  });

  it('replaces a team that did not check in by a checked-in waitlisted team when check-in closes', async () => {
    const t = await createTournament('1v1', 1, 'E2E Check-in', { starts_at: minutes(120) });
    const path = `/tournaments/${t.id}`;
    const noShow = await createPlayer('noshow');
    await registerAs(noShow, t);
    const eager = await createPlayer('eager');
    const { error } = await (
      await signedInAs(eager)
    ).rpc('register_team', {
      p_tournament_id: t.id,
      p_team_name: '',
      p_players: [{ player_id: `#${playerId()}`, in_game_name: 'Eager' }],
      p_waitlist: true,
    });
    expect(error).toBeNull();
    // The check-in window opens now (times before the start, as an administrator may set them).
    await updateTournament(t.id, { checkin_opens_at: minutes(-1), checkin_closes_at: minutes(60) });

    const page = (await newPerson(journey.browser, PHONE)).page;
    await signInAt(page, eager);
    await openLive(page, path, t.name);
    const mine = region(page, 'Your registration');
    await visible(text(mine, 'Waitlisted #1'));
    await mine.getByRole('button', { name: 'Check in' }).click();
    await visible(text(mine, 'Checked in').or(text(mine, 'Waitlisted #1')));
    await expect.poll(() => mine.getByRole('button', { name: 'Check in' }).count()).toBe(0);
    await checkScreen(page, 'lifecycle-checked-in-waitlisted', mine);

    // Check-in closes with the registered team absent: the checked-in waitlisted team takes its place,
    // and the captain watching sees it without a reload.
    await updateTournament(t.id, { checkin_opens_at: minutes(-30), checkin_closes_at: minutes(-1) });
    await visible(text(mine, "You're in! A slot freed up and you are registered."), 15_000);
    await visible(text(mine, 'Checked in'));

    const other = (await newPerson(journey.browser, DESKTOP)).page;
    await signInAt(other, noShow);
    await other.goto(path);
    await visible(text(region(other, 'Your registration'), 'Waitlisted #1'));
  });
});
