// The tournament page against the real local stack: what a visitor reads, the sign-in prompt, an
// unknown id, registering with the countdown and the Discord link, the waitlist, check-in,
// withdrawing with confirmation, and counts that change live.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminClient, freshGameId, signInApp, signedInUser } from '@/testing/users';
import { matchAt, startedTournament } from '@/testing/brackets';
import { createTournament, registerAs, updateTournament } from '@/testing/data';
import { waitForLive } from '@/testing/live';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('Tournament page (/tournaments/:id)', () => {
  it('shows a visitor everything public and asks them to sign in to register', async () => {
    const t = await createTournament({
      type: '2v2',
      slots: 4,
      starts_at: inHours(2.1),
      prize: 'Rs500 + Brawl Pass',
      rules: 'No teaming.\n<b>Be nice</b>\nBracket: https://example.com/bracket',
      format: 'double_elimination',
      best_of: 3,
    });
    const ids = [freshGameId(), freshGameId()];
    await registerAs(t, {
      teamName: 'Night Owls',
      players: [
        { player_id: ids[0]!, in_game_name: 'Mortis' },
        { player_id: ids[1]!, in_game_name: 'Crow' },
      ],
    });

    const { user } = renderApp(`/tournaments/${t.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: t.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `${t.name} banner` })).toBeInTheDocument();
    expect(screen.getByText('2v2')).toBeInTheDocument();
    expect(screen.getByText('Double elimination')).toBeInTheDocument();
    expect(screen.getByText('Best of 3')).toBeInTheDocument();
    expect(screen.getByText('Registration open')).toBeInTheDocument();
    expect(screen.getByText('(starts in 2h)')).toBeInTheDocument();
    expect(screen.getByText('Rs500 + Brawl Pass')).toBeInTheDocument();
    expect(screen.getByText('1 / 4 teams')).toBeInTheDocument();
    expect(screen.getByText('3 slots left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Registration Progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Nobody on the waitlist')).toBeInTheDocument();

    // The rules as typed: text, line breaks kept, the link clickable, the markup shown as text.
    const rules = section('Rules');
    expect(rules.getByText(/<b>Be nice<\/b>/)).toBeInTheDocument();
    expect(rules.getByRole('link', { name: 'https://example.com/bracket' })).toHaveAttribute(
      'href',
      'https://example.com/bracket',
    );

    // The field: names only, never player IDs.
    const teams = section('Teams');
    expect(await teams.findByText('Night Owls')).toBeInTheDocument();
    expect(teams.getByText('Mortis, Crow')).toBeInTheDocument();
    expect(screen.queryByText(ids[0]!)).not.toBeInTheDocument();

    // No matches yet: no bracket section, and no Discord link for a visitor.
    expect(screen.queryByRole('heading', { name: 'Bracket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join Discord' })).not.toBeInTheDocument();

    const mine = section('Your registration');
    await user.click(mine.getByRole('button', { name: 'Register' }));
    expect(await mine.findByText('Please sign in to register.')).toBeInTheDocument();
    expect(mine.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=/tournaments/${t.id}`);
  });

  it('says "Tournament not found" for a malformed id and for an id no tournament has', async () => {
    renderApp('/tournaments/not-a-tournament');
    expect(await screen.findByRole('heading', { name: 'Tournament not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all tournaments' })).toHaveAttribute('href', '/home');
  });

  it('says "Tournament not found" for a well-formed id of no tournament', async () => {
    renderApp('/tournaments/00000000-0000-4000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Tournament not found' })).toBeInTheDocument();
  });

  it('registers, counts down to the Discord link, then withdraws after confirming', async () => {
    const t = await createTournament({ type: '1v1', slots: 3, starts_at: inHours(48) });
    await signedInUser();
    const { user } = renderApp(`/tournaments/${t.id}`);
    await screen.findByRole('heading', { level: 1, name: t.name });
    await waitForLive();
    const mine = section('Your registration');

    await user.click(await mine.findByRole('button', { name: 'Register' }));
    await user.clear(await mine.findByLabelText(/^Player 1 ID/));
    await user.type(mine.getByLabelText(/^Player 1 ID/), freshGameId());
    await user.clear(mine.getByLabelText(/^Player 1 In-Game Name/));
    await user.type(mine.getByLabelText(/^Player 1 In-Game Name/), 'Piper');
    await user.click(mine.getByRole('button', { name: 'Submit Registration' }));

    expect(await mine.findByText('Wait for the Discord Link')).toBeInTheDocument();
    await user.click(mine.getByRole('button', { name: 'Skip Ad' }));
    expect(await mine.findByText('Team registered successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(mine.getByRole('link', { name: 'Join Discord' })).toHaveAttribute('href', t.discord_link),
    );
    expect(await mine.findByText('Registered')).toBeInTheDocument();
    expect(await screen.findByText('1 / 3 teams')).toBeInTheDocument();
    expect(await section('Teams').findByText('Piper')).toBeInTheDocument();

    await user.click(mine.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your team?' });
    // Cancel keeps the place.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mine.getByText('Registered')).toBeInTheDocument();

    await user.click(mine.getByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await mine.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(await screen.findByText('0 / 3 teams')).toBeInTheDocument();
    expect(mine.queryByRole('link', { name: 'Join Discord' })).not.toBeInTheDocument();
  });

  it('offers the waitlist when full and shows the place in line, without the Discord link', async () => {
    const t = await createTournament({ type: '1v1', slots: 1, starts_at: inHours(48) });
    await registerAs(t);
    await signedInUser();
    const { user } = renderApp(`/tournaments/${t.id}`);
    const mine = within(await screen.findByRole('region', { name: 'Your registration' }));

    expect(await mine.findByText('The tournament is full')).toBeInTheDocument();
    await user.click(mine.getByRole('button', { name: 'Join the waitlist' }));
    await user.clear(await mine.findByLabelText(/^Player 1 ID/));
    await user.type(mine.getByLabelText(/^Player 1 ID/), freshGameId());
    await user.clear(mine.getByLabelText(/^Player 1 In-Game Name/));
    await user.type(mine.getByLabelText(/^Player 1 In-Game Name/), 'Waiter');
    await user.click(mine.getByRole('button', { name: 'Join the waitlist' }));

    expect(await mine.findByText('Waitlisted #1')).toBeInTheDocument();
    expect(await screen.findByText('1 team on the waitlist')).toBeInTheDocument();
    expect(mine.queryByText('Wait for the Discord Link')).not.toBeInTheDocument();
    expect(mine.queryByRole('link', { name: 'Join Discord' })).not.toBeInTheDocument();
  });

  it('lets the captain check in during the check-in window', async () => {
    const t = await createTournament({ type: '1v1', slots: 4, starts_at: inHours(48) });
    const me = await signedInUser();
    await registerAs(t, { user: me });
    await updateTournament(t.id, { starts_at: inHours(0.5) });

    const { user } = renderApp(`/tournaments/${t.id}`);
    const mine = within(await screen.findByRole('region', { name: 'Your registration' }));
    expect(await screen.findByText('Check-in open')).toBeInTheDocument();
    await user.click(await mine.findByRole('button', { name: 'Check in' }));
    expect(await mine.findByText('Checked in')).toBeInTheDocument();
    expect(mine.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    // The link is theirs after a reload too (it comes from the database, not the registration).
    expect(mine.getByRole('link', { name: 'Join Discord' })).toHaveAttribute('href', t.discord_link);
  });

  it('updates the slot count live when another player registers', async () => {
    const t = await createTournament({ type: '1v1', slots: 5 });
    renderApp(`/tournaments/${t.id}`);
    expect(await screen.findByText('0 / 5 teams')).toBeInTheDocument();
    await waitForLive();

    await registerAs(t, { players: [{ player_id: freshGameId(), in_game_name: 'Latecomer' }] });
    expect(await screen.findByText('1 / 5 teams', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await section('Teams').findByText('Latecomer')).toBeInTheDocument();
  });

  it('shows the Bracket section once the tournament has matches', async () => {
    const t = await createTournament({ type: '1v1', slots: 4 });
    await registerAs(t);
    await registerAs(t);
    const admin = await adminClient();
    const { data: teams, error } = await admin.from('teams').select('id').eq('tournament_id', t.id);
    if (error || !teams) throw new Error(error?.message ?? 'no teams');
    for (const team of teams) {
      const { error: checkInError } = await admin.rpc('set_check_in', { p_team_id: team.id, p_checked_in: true });
      if (checkInError) throw new Error(checkInError.message);
    }
    const { error: startError } = await admin.rpc('start_tournament', { p_tournament_id: t.id });
    if (startError) throw new Error(startError.message);

    renderApp(`/tournaments/${t.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bracket' })).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
  });

  it('tells the captains of a disputed match why, and that an administrator settles it', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 2);
    const [a, b] = captains;
    const matchId = await matchAt(tournament.id, { round: 1, position: 1 });
    const report = await a!.client.rpc('report_match', { p_match_id: matchId, p_games: [{ winner: 1 }] });
    expect(report.error).toBeNull();
    const dispute = await b!.client.rpc('dispute_match', { p_match_id: matchId, p_comment: 'Game 1 was ours.' });
    expect(dispute.error).toBeNull();

    await signInApp(a!);
    renderApp(`/tournaments/${tournament.id}`);
    const mine = within(await screen.findByRole('region', { name: 'Your match' }));
    const alert = await mine.findByRole('alert');
    expect(alert).toHaveTextContent('Disputed');
    expect(alert).toHaveTextContent('Game 1 was ours. An administrator will settle this match.');
    expect(mine.queryByText(/report the result/)).not.toBeInTheDocument();
  });

  it("opens from a /home card's title, which keeps its Register Now button", async () => {
    const t = await createTournament({ type: '1v1', slots: 4, description: 'Card to page' });
    await signedInUser();
    const { user } = renderApp('/home');
    const card = within(await screen.findByRole('article', { name: t.name }, { timeout: 10_000 }));
    expect(card.getByRole('button', { name: 'Register Now' })).toBeInTheDocument();
    await user.click(card.getByRole('link', { name: 'Card to page' }));
    expect(await screen.findByRole('heading', { level: 1, name: t.name })).toBeInTheDocument();
  });
});
