// The administrator's roster and bracket against the real stack: registered teams and the waitlist in
// order, check-in by hand, removal with the waitlist moving up live, cancellation; then the start
// with its seeding and first-round preview, results set and corrected with the reset confirmed, and
// the result history.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminClient, createTestUser, signedInAdmin, signedInClient } from '@/testing/users';
import { createTournament, freshGameId, updateTournament, type Tournament } from '@/testing/data';

async function openRoster(t: Tournament) {
  await signedInAdmin();
  const result = renderApp('/admindashboard');
  await result.user.click(await screen.findByRole('button', { name: `View Teams for ${t.name}` }, { timeout: 10_000 }));
  const region = await screen.findByRole('region', { name: `Teams of ${t.name}` });
  return { ...result, region, r: within(region) };
}

/** The tournament's bracket screen, from its roster's Bracket link. */
async function openBracket(t: Tournament) {
  const result = await openRoster(t);
  await result.user.click(result.r.getByRole('link', { name: 'Bracket' }));
  const region = await screen.findByRole('region', { name: `Bracket of ${t.name}` });
  expect(result.router.state.location.pathname).toBe(`/admindashboard/tournaments/${t.id}/bracket`);
  return { ...result, region, r: within(region) };
}

/** A solo player registers (onto the waitlist when the tournament is full); returns the team id. */
async function register(t: Tournament, name: string): Promise<string> {
  const client = await signedInClient(await createTestUser());
  const { data, error } = await client.rpc('register_team', {
    p_tournament_id: t.id,
    p_team_name: '',
    p_players: [{ player_id: freshGameId(), in_game_name: name }],
    p_waitlist: true,
  });
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function checkIn(teamId: string) {
  await (await adminClient()).rpc('set_check_in', { p_team_id: teamId, p_checked_in: true }).throwOnError();
}

/** Check-in closed an hour ago; the start is still ahead (as it is between check-in and the start). */
async function closeCheckIn(t: Tournament) {
  const hour = 3_600_000;
  await updateTournament(t.id, {
    starts_at: new Date(Date.now() + hour).toISOString(),
    checkin_opens_at: new Date(Date.now() - 2 * hour).toISOString(),
    checkin_closes_at: new Date(Date.now() - hour).toISOString(),
  });
}

describe('Roster', () => {
  it('shows registered and waitlisted teams, checks in by hand, removes with the waitlist moving up, cancels', async () => {
    const t = await createTournament({ type: '1v1', slots: 2 });
    await register(t, 'Ash');
    await register(t, 'Byron');
    await register(t, 'Crow');
    await register(t, 'Dyna');
    const { user, r } = await openRoster(t);

    const registered = within(await r.findByRole('region', { name: 'Registered teams' }, { timeout: 10_000 }));
    const waitlist = within(r.getByRole('region', { name: 'Waitlist' }));
    expect(registered.getByRole('button', { name: /^Ash/ })).toBeInTheDocument();
    expect(registered.getByRole('button', { name: /^Byron/ })).toBeInTheDocument();
    expect(waitlist.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Crow', 'Dyna']);
    expect(r.getByText(/0 checked in · 2 on the waitlist/)).toBeInTheDocument();

    await user.click(r.getByRole('button', { name: 'Check in Ash' }));
    expect(await registered.findByText('Checked in')).toBeInTheDocument();
    expect(await r.findByRole('button', { name: 'Check out Ash' })).toBeInTheDocument();
    expect(r.getByText(/1 checked in/)).toBeInTheDocument();

    await user.click(r.getByRole('button', { name: 'Remove Byron' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Byron' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(r.getByRole('button', { name: 'Remove Byron' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Byron' });
    expect(within(dialog).getByText(/The first team on the waitlist takes its slot/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    // Crow, first in line, takes the slot; Dyna moves up to first.
    expect(await registered.findByRole('button', { name: /^Crow/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(registered.queryByRole('button', { name: /^Byron/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(r.getByRole('region', { name: 'Waitlist' }))
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Dyna']),
    );

    await user.click(r.getByRole('button', { name: 'Cancel tournament' }));
    dialog = await screen.findByRole('dialog', { name: `Cancel ${t.name}` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel tournament' }));
    expect(await screen.findByText('Tournament cancelled', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await r.findByText('Cancelled')).toBeInTheDocument();
    expect(r.queryByRole('button', { name: 'Cancel tournament' })).not.toBeInTheDocument();
    expect(r.queryByRole('button', { name: /^Check (in|out)/ })).not.toBeInTheDocument();
    const { data } = await (await adminClient()).from('tournaments').select('cancelled_at').eq('id', t.id).single();
    expect(data!.cancelled_at).not.toBeNull();
  }, 90_000);
});

describe('Bracket', () => {
  it('starts once check-in has closed, with seeding and a preview, then resets before any result', async () => {
    const t = await createTournament({ type: '1v1', slots: 8 });
    const ids: Record<string, string> = {};
    for (const name of ['Edgar', 'Fang', 'Gale', 'Hank', 'Lola']) ids[name] = await register(t, name);
    // Checked in in this order; Lola never checks in and does not play.
    for (const name of ['Gale', 'Edgar', 'Hank', 'Fang']) await checkIn(ids[name]!);
    await updateTournament(t.id, { starts_at: new Date(Date.now() + 7_200_000).toISOString() });
    const { user, r } = await openBracket(t);

    const start = await r.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 });
    expect(start).toBeDisabled();
    expect(r.getByText(/The tournament can start once check-in closes/)).toBeInTheDocument();

    await closeCheckIn(t);
    await waitFor(() => expect(r.getByRole('button', { name: 'Start tournament' })).toBeEnabled(), { timeout: 10_000 });
    await user.click(r.getByRole('button', { name: 'Start tournament' }));
    let dialog = within(await screen.findByRole('dialog', { name: `Start ${t.name}` }));
    expect(dialog.getByText(/^4 checked-in teams play/)).toBeInTheDocument();

    // The grand final reset is double elimination's only.
    expect(dialog.queryByRole('checkbox', { name: /Grand final reset/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Check-in order' }));
    const pairings = () =>
      within(dialog.getByRole('list', { name: 'First-round pairings' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    // Seeds 1-4 by check-in: 1 meets 4, 2 meets 3.
    expect(pairings()).toEqual(['Gale vs Fang', 'Edgar vs Hank']);

    await user.click(dialog.getByRole('radio', { name: 'Manual' }));
    await user.click(dialog.getByRole('button', { name: 'Move Fang up' }));
    // Manual seeds follow registration until set: Edgar, Fang, Gale, Hank; Fang moved up to 1.
    await waitFor(() => expect(pairings()).toEqual(['Fang vs Hank', 'Edgar vs Gale']), { timeout: 10_000 });
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });

    const matches = within(await r.findByRole('list', { name: 'Matches' }, { timeout: 10_000 }));
    expect(matches.getByRole('listitem', { name: 'Semi-final, match 1' })).toHaveTextContent('Fang vs Hank');
    expect(matches.getByRole('listitem', { name: 'Semi-final, match 2' })).toHaveTextContent('Edgar vs Gale');
    // The roster is locked once started: no team can be checked in or removed any more.
    await user.click(r.getByRole('link', { name: 'Teams' }));
    const roster = within(await screen.findByRole('region', { name: `Teams of ${t.name}` }));
    expect(await roster.findByRole('region', { name: 'Registered teams' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(roster.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(roster.queryByRole('button', { name: /^Check (in|out) / })).not.toBeInTheDocument();
    await user.click(roster.getByRole('link', { name: 'Bracket' }));
    await screen.findByRole('region', { name: `Bracket of ${t.name}` });

    await user.click(r.getByRole('button', { name: 'Reset bracket' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Reset bracket' }));
    await user.click(dialog.getByRole('button', { name: 'Reset bracket' }));
    expect(await r.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 })).toBeEnabled();
    expect(r.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument();

    // Random seeding: the draw the preview shows is the bracket that starts.
    await user.click(r.getByRole('button', { name: 'Start tournament' }));
    dialog = within(await screen.findByRole('dialog', { name: `Start ${t.name}` }));
    expect(dialog.getByRole('radio', { name: 'Random' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Draw again' }));
    const drawn = pairings();
    expect(drawn).toHaveLength(2);
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    const started = within(await r.findByRole('list', { name: 'Matches' }, { timeout: 10_000 }));
    expect(await started.findByRole('listitem', { name: 'Semi-final, match 1' })).toHaveTextContent(drawn[0]!);
    expect(started.getByRole('listitem', { name: 'Semi-final, match 2' })).toHaveTextContent(drawn[1]!);
  }, 120_000);

  it('starts a double elimination without the grand final reset when the administrator leaves it out', async () => {
    const t = await createTournament({ type: '1v1', slots: 4, format: 'double_elimination' });
    for (const name of ['Rico', 'Sam', 'Tara', 'Buzz']) await checkIn(await register(t, name));
    await closeCheckIn(t);
    const { user, r } = await openBracket(t);

    await user.click(await r.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: `Start ${t.name}` }));
    const reset = dialog.getByRole('checkbox', { name: 'Grand final reset' });
    expect(reset).toBeChecked();
    expect(
      dialog.getByText("If the losers bracket's winner takes the grand final, a second final decides."),
    ).toBeInTheDocument();
    await user.click(reset);
    expect(reset).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });

    const { data } = await (
      await adminClient()
    )
      .from('matches')
      .select('round')
      .eq('tournament_id', t.id)
      .eq('bracket', 'grand_final')
      .throwOnError();
    expect(data).toEqual([{ round: 1 }]);
  }, 120_000);

  it('starts a round robin in groups, with the first round of each group in the preview', async () => {
    const t = await createTournament({ type: '1v1', slots: 5, format: 'round_robin' });
    const names = ['Amber', 'Belle', 'Chuck', 'Doug', 'Eve'];
    // Checked in one after another: check-in order is the seed order.
    for (const name of names) await checkIn(await register(t, name));
    await closeCheckIn(t);
    const { user, r } = await openBracket(t);

    await user.click(await r.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: `Start ${t.name}` }));
    await user.click(dialog.getByRole('radio', { name: 'Check-in order' }));
    const groups = dialog.getByRole('combobox', { name: 'Groups' });
    expect(
      within(groups)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['One group of 5', 'Groups of 2 (2 groups)']);
    await user.selectOptions(groups, 'Groups of 2 (2 groups)');
    // Seeds snake across the groups: 1, 4 and 5 in group 1; 2 and 3 in group 2 (the odd one out rests).
    const pairs = (name: string) =>
      within(dialog.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(pairs('Group 1 first-round pairings')).toEqual(['Doug vs Eve']);
    expect(pairs('Group 2 first-round pairings')).toEqual(['Belle vs Chuck']);
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });

    const { data } = await (
      await adminClient()
    )
      .from('matches')
      .select('group_number, round')
      .eq('tournament_id', t.id)
      .eq('round', 1)
      .order('group_number')
      .throwOnError();
    expect(data).toEqual([
      { group_number: 1, round: 1 },
      { group_number: 2, round: 1 },
    ]);
  }, 120_000);

  it('sets and corrects results, asks before resetting later matches, and keeps the history', async () => {
    const t = await createTournament({ type: '1v1', slots: 4, best_of: 3 });
    const ids: Record<string, string> = {};
    for (const name of ['Mico', 'Nita', 'Otis', 'Pam']) ids[name] = await register(t, name);
    for (const name of ['Mico', 'Nita', 'Otis', 'Pam']) await checkIn(ids[name]!);
    await closeCheckIn(t);
    await (await adminClient()).rpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' }).throwOnError();
    const { user, r } = await openBracket(t);
    const matches = within(await r.findByRole('list', { name: 'Matches' }, { timeout: 10_000 }));
    expect(matches.getByRole('listitem', { name: 'Semi-final, match 1' })).toHaveTextContent('Mico vs Pam');

    const setResult = async (label: string, winners: string[], button = 'Set result of') => {
      await user.click(r.getByRole('button', { name: `${button} ${label}` }));
      const d = within(await screen.findByRole('dialog'));
      for (const [i, w] of winners.entries()) await user.selectOptions(d.getByLabelText(`Game ${i + 1} winner`), w);
      await user.click(d.getByRole('button', { name: 'Save result' }));
      return d;
    };

    // The client checks the games as the database does.
    let d = await setResult('Semi-final, match 1', ['Mico']);
    expect(await d.findByText('A best of 3 ends when a team wins 2 games.')).toBeInTheDocument();
    await user.selectOptions(d.getByLabelText('Game 2 winner'), 'Mico');
    await user.click(d.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });
    // The other semi-final is now the last of its round to play: late, it goes on top.
    await waitFor(
      () =>
        expect(
          within(r.getByRole('list', { name: 'Needs attention' })).getByRole('listitem', {
            name: 'Semi-final, match 2',
          }),
        ).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    await setResult('Semi-final, match 2', ['Nita', 'Otis', 'Nita']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });
    const final = () =>
      within(r.getByRole('list', { name: 'Matches' })).getByRole('listitem', { name: 'Final, match 1' });
    await waitFor(() => expect(final()).toHaveTextContent('Mico vs Nita'), { timeout: 10_000 });
    await setResult('Final, match 1', ['Nita', 'Nita']);
    await waitFor(() => expect(final()).toHaveTextContent('Winner: Nita'), { timeout: 10_000 });

    // Pam won match 1 after all: the final was played on Mico's win, so the admin is asked first.
    d = await setResult('Semi-final, match 1', ['Pam', 'Pam'], 'Correct result of');
    expect(
      await d.findByText(
        'Later matches were played after this result: confirm to reset them.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Reset later matches and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });
    await waitFor(() => expect(final()).toHaveTextContent('Pam vs Nita'), { timeout: 10_000 });
    expect(final()).not.toHaveTextContent('Winner:');

    // A forfeit settles the replayed final.
    await user.click(r.getByRole('button', { name: 'Set result of Final, match 1' }));
    d = within(await screen.findByRole('dialog'));
    await user.click(d.getByRole('radio', { name: 'Forfeit or no-show' }));
    await user.selectOptions(d.getByLabelText('Winner'), 'Pam');
    await user.selectOptions(d.getByLabelText('Reason'), 'no_show');
    await user.click(d.getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(final()).toHaveTextContent('Winner: Pam (no-show)'), { timeout: 10_000 });

    await user.click(r.getByRole('button', { name: 'Result history' }));
    const table = await r.findByRole('table', { name: 'Result history' }, { timeout: 10_000 });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(2)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Final, match 1', 'No-show', '—', 'Pam won'],
      ['Semi-final, match 1', 'Set by admin', 'Mico won 2-0', 'Pam won 2-0'],
      ['Final, match 1', 'Reset', 'Nita won 2-0', '—'],
      ['Final, match 1', 'Set by admin', '—', 'Nita won 2-0'],
      ['Semi-final, match 2', 'Set by admin', '—', 'Nita won 2-1'],
      ['Semi-final, match 1', 'Set by admin', '—', 'Mico won 2-0'],
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/admin/i);
  }, 150_000);
});
