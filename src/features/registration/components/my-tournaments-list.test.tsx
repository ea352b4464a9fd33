import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { waitForLive } from '@/testing/live';
import { adminClient, createTestUser, signInApp, signedInClient, signedInUser, type TestUser } from '@/testing/users';
import { matchAt, playMatch, startedTournament } from '@/testing/brackets';
import { createTournament, freshGameId, registerAs, updateTournament, type Tournament } from '@/testing/data';
import { formatTime } from '@/lib/schedule';

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** The captain registers `tournament` with these players (their own place first). */
async function registerTeam(
  tournament: Tournament,
  captain: TestUser,
  teamName: string,
  players: { player_id: string; in_game_name: string }[],
) {
  await registerAs(tournament, { user: captain, teamName, players });
}

async function card(name: string) {
  return screen.findByRole('article', { name });
}

/** The row of player `slot` in a card's player list. */
function placeRow(scope: HTMLElement, slot: number) {
  const item = within(scope)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(`Player ${slot}:`));
  if (!item) throw new Error(`no row for player ${slot}`);
  return item;
}

describe('My Tournaments (/my-tournaments)', () => {
  it('loads, then says when nothing is joined yet, with a way to /home', async () => {
    await signedInUser();
    renderApp('/my-tournaments');
    expect(await screen.findByText('Loading your tournaments...')).toBeInTheDocument();
    expect(await screen.findByText('No tournaments joined yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Tournaments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse tournaments' })).toHaveAttribute('href', '/home');
  });

  it("shows the captain's team: link, start time in my zone, phase, places with their states, Discord", async () => {
    const startsAt = inHours(48);
    const tournament = await createTournament({ type: '3v3', starts_at: startsAt });
    const teammate = await createTestUser();
    const me = await signedInUser();
    await registerTeam(tournament, me, 'Thunder Squad', [
      { player_id: me.gameId, in_game_name: 'Me' },
      { player_id: teammate.gameId, in_game_name: 'Mate' },
      { player_id: freshGameId(), in_game_name: 'Stranger' },
    ]);

    renderApp('/my-tournaments');
    const c = await card(tournament.name);
    expect(within(c).getByRole('link', { name: tournament.name })).toHaveAttribute(
      'href',
      `/tournaments/${tournament.id}`,
    );
    expect(within(c).getByText(formatTime(startsAt))).toBeInTheDocument();
    expect(within(c).getByText('Registration open')).toBeInTheDocument();
    expect(within(c).getByText('Thunder Squad')).toBeInTheDocument();
    expect(within(c).getByText('Registered')).toBeInTheDocument();
    expect(within(placeRow(c, 1)).getByText('confirmed')).toBeInTheDocument();
    expect(within(placeRow(c, 2)).getByText('waiting')).toBeInTheDocument();
    expect(within(placeRow(c, 3)).getByText('no account')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'Join Discord' })).toHaveAttribute('href', tournament.discord_link);
    expect(within(c).queryByText(/^Entered by/)).not.toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
  });

  it('a teammate sees who entered them and confirms their place', async () => {
    const tournament = await createTournament({ type: '2v2', starts_at: inHours(48) });
    const captain = await createTestUser({ username: `cap_${Date.now().toString(36)}` });
    const me = await signedInUser();
    await registerTeam(tournament, captain, 'Duo Squad', [
      { player_id: captain.gameId, in_game_name: 'Cap' },
      { player_id: me.gameId, in_game_name: 'Me' },
    ]);

    const { user } = renderApp('/my-tournaments');
    const c = await card(tournament.name);
    expect(within(c).getByText(`Entered by ${captain.username}`)).toBeInTheDocument();
    expect(within(placeRow(c, 2)).getByText('waiting')).toBeInTheDocument();
    // Invited, not yet on the team: the captain's place (and player ID) is not shown.
    expect(within(placeRow(c, 1)).getByText('shown once you confirm')).toBeInTheDocument();
    expect(within(c).queryByText(captain.gameId!)).not.toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    await waitForLive();
    await user.click(within(c).getByRole('button', { name: 'Confirm my place' }));
    // A claimed ID is no seat on the team until the captain accepts who claims it.
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('to accept')).toBeInTheDocument());
    expect(within(c).getByText(`Confirmed. ${captain.username} accepts you on the team next.`)).toBeInTheDocument();
    expect(within(c).queryByText(captain.gameId!)).not.toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Confirm my place' })).not.toBeInTheDocument();

    const captainClient = await signedInClient(captain);
    const { data: team } = await captainClient.from('teams').select('id').eq('tournament_id', tournament.id).single();
    await captainClient.rpc('accept_team_player', { p_team_id: team!.id, p_slot: 2, p_accept: true }).throwOnError();
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('confirmed')).toBeInTheDocument());
    await waitFor(() => expect(within(placeRow(c, 1)).getByText('confirmed')).toBeInTheDocument());
    expect(within(c).getByText(captain.gameId!)).toBeInTheDocument();
  });

  it('the captain follows a teammate confirming and leaving live, then names someone for the empty place', async () => {
    const tournament = await createTournament({ type: '2v2', starts_at: inHours(48) });
    const teammate = await createTestUser();
    const me = await signedInUser();
    await registerTeam(tournament, me, 'Live Squad', [
      { player_id: me.gameId, in_game_name: 'Me' },
      { player_id: teammate.gameId, in_game_name: 'Mate' },
    ]);
    const { user } = renderApp('/my-tournaments');
    const c = await card(tournament.name);
    await waitForLive();
    expect(within(placeRow(c, 2)).getByText('waiting')).toBeInTheDocument();

    const mate = await signedInClient(teammate);
    const { data: team } = await mate.from('teams').select('id').eq('tournament_id', tournament.id).single();
    await mate.rpc('confirm_team_place', { p_team_id: team!.id }).throwOnError();
    // The captain decides on the account that claims the ID before it is a member.
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('to accept')).toBeInTheDocument());
    expect(within(placeRow(c, 2)).getByText(teammate.username)).toBeInTheDocument();
    await user.click(within(placeRow(c, 2)).getByRole('button', { name: `Accept ${teammate.username}` }));
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('confirmed')).toBeInTheDocument());
    expect(within(placeRow(c, 2)).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();

    await mate.rpc('leave_team', { p_team_id: team!.id }).throwOnError();
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('left')).toBeInTheDocument());

    await user.click(within(c).getByRole('button', { name: 'Name player 2' }));
    // The form's code is fetched when the place is empty: it shows once it has arrived.
    const form = await within(c).findByRole('form', { name: 'Name player 2' });
    await user.type(within(form).getByLabelText('Player 2 ID'), '#12');
    await user.click(within(form).getByRole('button', { name: 'Save player' }));
    expect(
      await within(form).findByText('Invalid player ID format. Must be 9 characters with optional #.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('In-game name is required for player 2.')).toBeInTheDocument();
    // The database's own words for a player ID already in the tournament.
    await user.clear(within(form).getByLabelText('Player 2 ID'));
    await user.type(within(form).getByLabelText('Player 2 ID'), me.gameId);
    await user.type(within(form).getByLabelText('Player 2 in-game name'), 'Twin');
    await user.click(within(form).getByRole('button', { name: 'Save player' }));
    expect(await within(form).findByText(`Player ID ${me.gameId} is already registered.`)).toBeInTheDocument();

    const newcomer = freshGameId();
    await user.clear(within(form).getByLabelText('Player 2 ID'));
    await user.type(within(form).getByLabelText('Player 2 ID'), newcomer.slice(1).toLowerCase());
    await user.click(within(form).getByRole('button', { name: 'Save player' }));
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('no account')).toBeInTheDocument());
    expect(within(placeRow(c, 2)).getByText(newcomer)).toBeInTheDocument();
    expect(within(c).queryByRole('form')).not.toBeInTheDocument();
  });

  it('the captain turns away an account that claims a player ID: the place stays, without it', async () => {
    const tournament = await createTournament({ type: '2v2', starts_at: inHours(48) });
    const claimer = await createTestUser();
    const me = await signedInUser();
    await registerTeam(tournament, me, 'Wary Squad', [
      { player_id: me.gameId, in_game_name: 'Me' },
      { player_id: claimer.gameId, in_game_name: 'Friend' },
    ]);
    const { user } = renderApp('/my-tournaments');
    const c = await card(tournament.name);
    await user.click(await within(placeRow(c, 2)).findByRole('button', { name: 'Not them' }));
    await waitFor(() => expect(within(placeRow(c, 2)).getByText('no account')).toBeInTheDocument());
    expect(within(placeRow(c, 2)).getByText('Friend')).toBeInTheDocument();

    // The account no longer sees the team.
    const them = await signedInClient(claimer);
    const { data } = await them.from('teams').select('id').eq('tournament_id', tournament.id);
    expect(data).toEqual([]);
  });

  it('a teammate leaves with a confirmation and the team is no longer theirs', async () => {
    const tournament = await createTournament({ type: '2v2', starts_at: inHours(48) });
    const captain = await createTestUser();
    const me = await signedInUser();
    await registerTeam(tournament, captain, 'Leaving Squad', [
      { player_id: captain.gameId, in_game_name: 'Cap' },
      { player_id: me.gameId, in_game_name: 'Me' },
    ]);
    const { user } = renderApp('/my-tournaments');
    const c = await card(tournament.name);
    await user.click(within(c).getByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave team' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: tournament.name })).toBeInTheDocument();

    await user.click(within(c).getByRole('button', { name: 'Leave team' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('No tournaments joined yet.')).toBeInTheDocument();
  });

  it('shows the waitlist position, and upcoming tournaments by start time above past ones', async () => {
    const later = await createTournament({ type: '1v1', slots: 1, starts_at: inHours(72) });
    const sooner = await createTournament({ type: '1v1', starts_at: inHours(24) });
    const cancelled = await createTournament({ type: '1v1', starts_at: inHours(30) });
    await registerAs(later);
    const me = await signedInUser();
    const client = await signedInClient(me);
    await client
      .rpc('register_team', {
        p_tournament_id: later.id,
        p_team_name: '',
        p_players: [{ player_id: me.gameId, in_game_name: 'Me' }],
        p_waitlist: true,
      })
      .throwOnError();
    await registerAs(sooner, { user: me, players: [{ player_id: me.gameId, in_game_name: 'Me' }] });
    await registerAs(cancelled, { user: me, players: [{ player_id: me.gameId, in_game_name: 'Me' }] });
    await updateTournament(cancelled.id, { cancelled_at: new Date().toISOString() });

    renderApp('/my-tournaments');
    const laterCard = await card(later.name);
    expect(within(laterCard).getByText('Waitlist #1')).toBeInTheDocument();
    expect(within(laterCard).queryByRole('link', { name: 'Join Discord' })).not.toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const names = within(upcoming)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent);
    expect(names).toEqual([sooner.name, later.name]);
    const past = screen.getByRole('region', { name: 'Past' });
    const cancelledCard = within(past).getByRole('article', { name: cancelled.name });
    expect(within(cancelledCard).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelledCard).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('follows the tournament live: cancelled by the administrator, it moves to Past', async () => {
    const startsAt = inHours(24);
    const tournament = await createTournament({ type: '1v1', starts_at: startsAt });
    const me = await signedInUser();
    await registerAs(tournament, { user: me, players: [{ player_id: me.gameId, in_game_name: 'Me' }] });
    renderApp('/my-tournaments');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getByRole('article', { name: tournament.name })).toBeInTheDocument();
    expect(
      within(upcoming).getByText(`Check-in opens ${formatTime(new Date(Date.parse(startsAt) - 3_600_000))}`),
    ).toBeInTheDocument();
    await waitForLive();

    await updateTournament(tournament.id, { cancelled_at: new Date().toISOString() });
    const past = await screen.findByRole('region', { name: 'Past' });
    expect(within(past).getByRole('article', { name: tournament.name })).toBeInTheDocument();
    expect(within(past).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming' })).not.toBeInTheDocument();
  });

  it('checks in while check-in is open, then withdraws with a confirmation', async () => {
    const tournament = await createTournament({ type: '1v1', starts_at: inHours(2) });
    const me = await signedInUser();
    await registerAs(tournament, { user: me, players: [{ player_id: me.gameId, in_game_name: 'Me' }] });
    await updateTournament(tournament.id, { checkin_opens_at: new Date(Date.now() - 60_000).toISOString() });

    const { user } = renderApp('/my-tournaments');
    const c = await card(tournament.name);
    expect(within(c).getByText('Check-in open')).toBeInTheDocument();
    expect(within(c).getByText('Not checked in')).toBeInTheDocument();
    await user.click(within(c).getByRole('button', { name: 'Check in' }));
    expect(await within(c).findByText('Checked in')).toBeInTheDocument();
    expect(within(c).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();

    await user.click(within(c).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw team' });
    expect(within(dialog).getByText(/The slot goes to the next team in line/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw team' }));
    expect(await screen.findByText('No tournaments joined yet.')).toBeInTheDocument();
  });

  it("shows a started tournament's next match live: report, confirm, wait for the opponent, then the place", async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 4);
    const [a, b, c, d] = captains;
    await (
      await adminClient()
    )
      .rpc('set_round_settings', {
        p_tournament_id: tournament.id,
        p_bracket: 'winners',
        p_round: 1,
        p_best_of: 3,
        p_maps: [{ mode: 'Gem Grab', map: 'Hard Rock Mine' }, {}, { mode: 'Heist', map: null }],
      })
      .throwOnError();
    await signInApp(a!);
    renderApp('/my-tournaments');
    const match = async () => within(await screen.findByRole('region', { name: `Your match in ${tournament.name}` }));
    const action = (name: string) => async () =>
      // The link opens the match's dialog on the tournament's page.
      expect((await match()).getByRole('link', { name }).getAttribute('href')).toMatch(
        new RegExp(`^/tournaments/${tournament.id}\\?match=[0-9a-f-]{36}$`),
      );

    let m = await match();
    expect(m.getByText((_, el) => el?.textContent === 'Semi-final · Best of 3 · Ready to play')).toBeInTheDocument();
    expect(m.getByText((_, el) => el?.textContent === `vs ${d!.teamName} (Ace D, Pal D)`)).toBeInTheDocument();
    expect(m.getByText('Gem Grab: Hard Rock Mine, Heist')).toBeInTheDocument();
    await action('Report result')();
    await waitForLive();

    // The opponent reports their loss: mine to confirm.
    const semi = await matchAt(tournament.id, { round: 1, position: 1 });
    await d!.client.rpc('report_match', { p_match_id: semi, p_games: [{ winner: 1 }, { winner: 1 }] }).throwOnError();
    await waitFor(action('Confirm result'), { timeout: 10_000 });
    expect((await match()).getByText(/Awaiting confirmation/)).toBeInTheDocument();

    await a!.client.rpc('confirm_match', { p_match_id: semi, p_report_version: 1 }).throwOnError();
    await waitFor(
      async () =>
        expect(
          (await match()).getByText((_, el) => el?.textContent === 'Final · Best of 1 · Waiting for your opponent'),
        ).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    m = await match();
    expect(m.getByText((_, el) => el?.textContent === 'vs to be decided')).toBeInTheDocument();
    await action('Open match')();

    await playMatch(b!, c!, await matchAt(tournament.id, { round: 1, position: 2 }), [1, 1]);
    await waitFor(
      async () =>
        expect(
          (await match()).getByText((_, el) => el?.textContent === `vs ${b!.teamName} (Ace B, Pal B)`),
        ).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    await action('Report result')();

    await playMatch(b!, a!, await matchAt(tournament.id, { round: 2, position: 1 }), [2]);
    const past = await screen.findByRole('region', { name: 'Past' }, { timeout: 10_000 });
    const card = within(within(past).getByRole('article', { name: tournament.name }));
    expect(
      await card.findByText('The tournament is over: you finished 2nd.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(card.queryByRole('link', { name: /Open match|Report result|Confirm result/ })).not.toBeInTheDocument();
  }, 120_000);
});
