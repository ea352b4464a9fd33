import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render';
import { signedInUser } from '@/testing/users';
import { createTournament, registerAs } from '@/testing/data';
import { freshGameId } from '@/testing/fixtures';
import { matchAt, startedTournament } from '@/testing/brackets';
import { signInApp } from '@/testing/users';

const bell = (unread: number) =>
  screen.findByRole('link', { name: unread === 0 ? 'Notifications' : `Notifications, ${unread} unread` });

describe('Notifications (/notifications and the bell)', () => {
  it('lists what happened, the bell counting it live, and marks it read', async () => {
    const me = await signedInUser();
    const first = await createTournament({ type: '1v1' });
    await registerAs(first, { user: me, players: [{ player_id: me.gameId, in_game_name: 'Me' }] });

    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getByRole('link', { name: `Registered for ${first.name}` })).toHaveAttribute(
      'href',
      `/tournaments/${first.id}`,
    );
    expect(await bell(1)).toBeInTheDocument();

    // Written while the page is open: it appears, and the bell counts it, without a reload.
    const second = await createTournament({ type: '1v1' });
    await registerAs(second, { user: me, players: [{ player_id: freshGameId(), in_game_name: 'Me' }] });
    expect(await within(list).findByRole('link', { name: `Registered for ${second.name}` })).toBeInTheDocument();
    expect(await bell(2)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await bell(0)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
  });

  it("links a match call to the match, and following it opens the match's dialog", async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 2, { bestOf: 3 });
    const captain = captains[0]!;
    await signInApp(captain);
    const matchId = await matchAt(tournament.id, { round: 1, position: 1 });

    renderApp('/notifications');
    const call = await screen.findByRole('link', { name: 'Your match is ready: Final' });
    expect(call).toHaveAttribute('href', `/tournaments/${tournament.id}?match=${matchId}`);
    expect(call.closest('li')).toHaveTextContent(`vs ${captains[1]!.teamName} · best of 3`);

    await userEvent.click(call);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(within(dialog).getAllByText(captains[1]!.teamName, { exact: false }).length).toBeGreaterThan(0);
  });

  it('keeps each choice of what to hear of', async () => {
    await signedInUser();
    renderApp('/notifications');
    const push = await screen.findByRole('checkbox', { name: 'Your match is ready as a push' });
    expect(push).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Result confirmed as a push' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Disputes/ })).not.toBeInTheDocument();
    await userEvent.click(push);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Your match is ready as a push' })).not.toBeChecked(),
    );
  });
});
