// The admin dashboard against the real local stack, signed in as the stack's administrator: create,
// edit (name locked), delete with confirmation, the team list, and live updates from other clients.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminClient, signedInAdmin, signedInUser } from '@/testing/users';
import { waitForLive } from '@/testing/live';
import { createTournament, deleteTournament, freshGameId, registerAs, uniqueName } from '@/testing/data';

async function openDashboard() {
  await signedInAdmin();
  const result = renderApp('/admindashboard');
  await screen.findByRole('button', { name: 'Manage Tournaments' }, { timeout: 10_000 });
  return result;
}

async function findCard(name: string) {
  return screen.findByRole('article', { name }, { timeout: 10_000 });
}

describe('Admin dashboard', () => {
  it('keeps the focus where the person was: the card after an edit is cancelled, Add Tournament after a new one is', async () => {
    const t = await createTournament({ slots: 4 });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: `Edit ${t.name}` }, { timeout: 10_000 }));
    await user.click(
      within(await screen.findByRole('form', { name: 'Edit tournament' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.getByRole('article', { name: t.name })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    await user.click(
      within(await screen.findByRole('form', { name: 'Create tournament' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Tournament' })).toHaveFocus());
    await deleteTournament(t.id);
  });

  it('creates a tournament', async () => {
    const { user } = await openDashboard();
    const name = uniqueName('Created Cup');

    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    const form = await screen.findByRole('form', { name: 'Create tournament' });
    const f = within(form);
    await user.type(f.getByLabelText(/^Tournament Name/), name);
    await user.type(f.getByLabelText(/^Description/), 'Weekend trios bracket');
    await user.clear(f.getByLabelText(/^Thumbnail URL/));
    await user.type(f.getByLabelText(/^Thumbnail URL/), '/banners/trios-bounty.svg');
    await user.clear(f.getByLabelText(/^Slots/));
    await user.type(f.getByLabelText(/^Slots/), '12');
    await user.type(f.getByLabelText(/^Discord Link/), 'https://discord.gg/created');
    await user.selectOptions(f.getByLabelText(/^Type/), '3v3');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));

    expect(await screen.findByText('Tournament added successfully', {}, { timeout: 10_000 })).toBeInTheDocument();
    const c = within(await findCard(name));
    expect(c.getByText('3v3')).toBeInTheDocument();
    expect(c.getByText('0 / 12 teams')).toBeInTheDocument();
    expect(c.getByRole('img', { name: `${name} banner` })).toBeInTheDocument();
  });

  it("checks the form on the client and shows the server's reason for a duplicate name", async () => {
    const existing = await createTournament();
    const { user } = await openDashboard();

    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    const f = within(await screen.findByRole('form', { name: 'Create tournament' }));
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Tournament name is required.')).toBeInTheDocument();
    expect(f.getByText('Description is required.')).toBeInTheDocument();
    expect(f.getByText('Discord link is required.')).toBeInTheDocument();

    await user.type(f.getByLabelText(/^Tournament Name/), existing.name);
    await user.type(f.getByLabelText(/^Description/), 'Same name again');
    await user.type(f.getByLabelText(/^Discord Link/), 'discord.gg/nope');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Discord link must be an https:// link.')).toBeInTheDocument();

    await user.clear(f.getByLabelText(/^Discord Link/));
    await user.type(f.getByLabelText(/^Discord Link/), 'https://discord.gg/again');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'A tournament with this name already exists.',
    );
    expect(screen.queryByText('Tournament added successfully')).not.toBeInTheDocument();
  });

  it('edits a tournament with its name locked', async () => {
    const t = await createTournament({ slots: 8 });
    const { user } = await openDashboard();

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `Edit ${t.name}` }));
    const f = within(await screen.findByRole('form', { name: 'Edit tournament' }));
    const nameInput = f.getByLabelText(/^Tournament Name/);
    expect(nameInput).toBeDisabled();
    expect(nameInput).toHaveValue(t.name);
    expect(f.queryByRole('button', { name: 'Create Tournament' })).not.toBeInTheDocument();

    await user.clear(f.getByLabelText(/^Slots/));
    await user.type(f.getByLabelText(/^Slots/), '20');
    await user.selectOptions(f.getByLabelText(/^Type/), '2v2');
    await user.click(f.getByRole('button', { name: 'Update Tournament' }));

    expect(await screen.findByText('Tournament updated successfully', {}, { timeout: 10_000 })).toBeInTheDocument();
    const c = within(await findCard(t.name));
    expect(await c.findByText('0 / 20 teams')).toBeInTheDocument();
    expect(c.getByText('2v2')).toBeInTheDocument();
  });

  it('keeps the type of a tournament with registered teams, in the form and in the database', async () => {
    const t = await createTournament({ type: '2v2', slots: 6 });
    await registerAs(t, {
      teamName: 'Type Lockers',
      players: [
        { player_id: freshGameId(), in_game_name: 'Colt' },
        { player_id: freshGameId(), in_game_name: 'Bull' },
      ],
    });
    const { user } = await openDashboard();

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `Edit ${t.name}` }));
    const f = within(await screen.findByRole('form', { name: 'Edit tournament' }));
    await user.selectOptions(f.getByLabelText(/^Type/), '3v3');
    await user.click(f.getByRole('button', { name: 'Update Tournament' }));
    expect(await f.findByText('The type cannot change while teams are registered.')).toBeInTheDocument();
    expect(screen.queryByText('Tournament updated successfully')).not.toBeInTheDocument();
  });

  it("shows the database's refusal when a team registers while the type is being changed", async () => {
    const t = await createTournament({ type: '1v1', slots: 6 });
    const { user } = await openDashboard();

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `Edit ${t.name}` }));
    const f = within(await screen.findByRole('form', { name: 'Edit tournament' }));
    await user.selectOptions(f.getByLabelText(/^Type/), '2v2');
    // A player registers after the form opened with no teams.
    await registerAs(t, { teamName: '', players: [{ player_id: freshGameId(), in_game_name: 'Shelly' }] });
    await user.click(f.getByRole('button', { name: 'Update Tournament' }));
    expect(
      await f.findByText('The type cannot change while teams are registered.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Tournament updated successfully')).not.toBeInTheDocument();
    const { data } = await (await adminClient()).from('tournaments').select('type').eq('id', t.id).single();
    expect(data).toEqual({ type: '1v1' });
  });

  it('deletes a tournament after confirmation', async () => {
    const t = await createTournament();
    const { user } = await openDashboard();
    const card = await findCard(t.name);

    await user.click(within(card).getByRole('button', { name: `Delete ${t.name}` }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this tournament?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: t.name })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: `Delete ${t.name}` }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Tournament and associated data deleted successfully', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: t.name })).not.toBeInTheDocument());
  });

  it('reports a delete that removed nothing', async () => {
    const t = await createTournament();
    const { user } = await openDashboard();
    const card = await findCard(t.name);

    await user.click(within(card).getByRole('button', { name: `Delete ${t.name}` }));
    const dialog = await screen.findByRole('dialog');
    // Someone else deletes it first.
    await deleteTournament(t.id);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Error deleting tournament and associated data', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("lists a tournament's teams, expands one, updates live and closes back to the grid", async () => {
    const t = await createTournament({ type: '2v2', slots: 6 });
    const p1 = freshGameId();
    const p2 = freshGameId();
    await registerAs(t, {
      teamName: 'Gem Hunters',
      players: [
        { player_id: p1, in_game_name: 'Poco' },
        { player_id: p2, in_game_name: 'Jessie' },
      ],
    });
    const { user } = await openDashboard();

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `View Teams for ${t.name}` }));
    const list = await screen.findByRole('region', { name: `Teams of ${t.name}` });
    const l = within(list);
    const team = await l.findByRole('button', { name: /^Gem Hunters/ }, { timeout: 10_000 });
    expect(team).toHaveTextContent(/Registered/);
    expect(team).toHaveAttribute('aria-expanded', 'false');

    await user.click(team);
    expect(team).toHaveAttribute('aria-expanded', 'true');
    // The panel opens with a transition; its content is hidden from assistive tech until then.
    const players = await l.findByRole('list', { name: 'Players of Gem Hunters' }, { timeout: 5000 });
    expect(within(players).getByText('Player 1')).toBeInTheDocument();
    expect(within(players).getByText('Poco')).toBeInTheDocument();
    expect(within(players).getByText(p1)).toBeInTheDocument();
    expect(within(players).getByText('Jessie')).toBeInTheDocument();
    expect(within(players).getByText(p2)).toBeInTheDocument();

    // A registration made elsewhere appears without a reload.
    await registerAs(t, {
      teamName: 'Late Comers',
      players: [
        { player_id: freshGameId(), in_game_name: 'Bull' },
        { player_id: freshGameId(), in_game_name: 'Rico' },
      ],
    });
    expect(await l.findByRole('button', { name: /^Late Comers/ }, { timeout: 10_000 })).toBeInTheDocument();

    await user.click(l.getByRole('button', { name: 'Close team list' }));
    expect(screen.queryByRole('region', { name: `Teams of ${t.name}` })).not.toBeInTheDocument();
    expect(await findCard(t.name)).toBeInTheDocument();
  });

  it("names a 1v1 entry by its player's in-game name", async () => {
    const t = await createTournament({ type: '1v1' });
    await registerAs(t, { teamName: '', players: [{ player_id: freshGameId(), in_game_name: 'SoloSpike' }] });
    const { user } = await openDashboard();

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `View Teams for ${t.name}` }));
    const list = await screen.findByRole('region', { name: `Teams of ${t.name}` });
    expect(await within(list).findByRole('button', { name: /^SoloSpike/ }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows tournaments created by another client without a reload', async () => {
    await openDashboard();
    await waitForLive();
    const t = await createTournament({ type: '3v3' });
    expect(await findCard(t.name)).toBeInTheDocument();
  });
});

describe('Admin screens as addresses', () => {
  it('gives the roster, the bracket, the edit and create forms an address each, and Back returns to the screen before', async () => {
    const t = await createTournament({ slots: 4 });
    const { user, router } = await openDashboard();
    const path = () => router.state.location.pathname;

    await user.click(await screen.findByRole('button', { name: `View Teams for ${t.name}` }, { timeout: 10_000 }));
    const region = await screen.findByRole('region', { name: `Teams of ${t.name}` });
    expect(path()).toBe(`/admindashboard/tournaments/${t.id}/teams`);
    expect(within(region).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(region).getByRole('link', { name: 'Bracket' }));
    expect(await screen.findByRole('region', { name: `Bracket of ${t.name}` })).toBeInTheDocument();
    expect(path()).toBe(`/admindashboard/tournaments/${t.id}/bracket`);
    expect(await screen.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 })).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('region', { name: `Teams of ${t.name}` })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await findCard(t.name)).toBeInTheDocument();
    expect(path()).toBe('/admindashboard');

    await user.click(screen.getByRole('button', { name: `Edit ${t.name}` }));
    expect(await screen.findByRole('form', { name: 'Edit tournament' })).toBeInTheDocument();
    expect(path()).toBe(`/admindashboard/tournaments/${t.id}/edit`);
    await router.navigate(-1);
    expect(await findCard(t.name)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    expect(await screen.findByRole('form', { name: 'Create tournament' })).toBeInTheDocument();
    expect(path()).toBe('/admindashboard/new');
    await deleteTournament(t.id);
  });

  it("opens a tournament's roster, bracket and edit form straight from their addresses", async () => {
    const t = await createTournament({ type: '1v1', slots: 4 });
    await registerAs(t, { teamName: '', players: [{ player_id: freshGameId(), in_game_name: 'DirectDyna' }] });
    await signedInAdmin();

    const teams = renderApp(`/admindashboard/tournaments/${t.id}/teams`);
    const roster = within(await screen.findByRole('region', { name: `Teams of ${t.name}` }, { timeout: 10_000 }));
    expect(await roster.findByRole('button', { name: /^DirectDyna/ }, { timeout: 10_000 })).toBeInTheDocument();
    await teams.user.click(roster.getByRole('button', { name: 'Close team list' }));
    expect(await findCard(t.name)).toBeInTheDocument();
    teams.unmount();

    const bracket = renderApp(`/admindashboard/tournaments/${t.id}/bracket`);
    const panel = within(await screen.findByRole('region', { name: `Bracket of ${t.name}` }, { timeout: 10_000 }));
    expect(await panel.findByRole('button', { name: 'Start tournament' }, { timeout: 10_000 })).toBeInTheDocument();
    bracket.unmount();

    renderApp(`/admindashboard/tournaments/${t.id}/edit`);
    const form = within(await screen.findByRole('form', { name: 'Edit tournament' }, { timeout: 10_000 }));
    expect(form.getByLabelText(/^Tournament Name/)).toHaveValue(t.name);
    await deleteTournament(t.id);
  });

  it('says when an address names no tournament, and keeps the screens from players', async () => {
    await signedInAdmin();
    const missing = renderApp('/admindashboard/tournaments/00000000-0000-4000-8000-000000000000/teams');
    expect(
      await screen.findByRole('heading', { name: 'Tournament not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the tournaments' })).toHaveAttribute('href', '/admindashboard');
    missing.unmount();

    const t = await createTournament();
    await signedInUser();
    renderApp(`/admindashboard/tournaments/${t.id}/bracket`);
    expect(
      await screen.findByRole('heading', { name: 'You are not allowed to view this page' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start tournament' })).not.toBeInTheDocument();
    await deleteTournament(t.id);
  });

  it('deletes a tournament whose roster was open before', async () => {
    const t = await createTournament();
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: `View Teams for ${t.name}` }, { timeout: 10_000 }));
    const region = await screen.findByRole('region', { name: `Teams of ${t.name}` });
    await within(region).findByText('No teams registered yet.', {}, { timeout: 10_000 });
    await user.click(within(region).getByRole('button', { name: 'Close team list' }));

    await user.click(within(await findCard(t.name)).getByRole('button', { name: `Delete ${t.name}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Tournament and associated data deleted successfully', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: t.name })).not.toBeInTheDocument());
  });
});
