import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { signedInUser } from '@/testing/users';
import { createTournament, freshGameId, registerAs } from '@/testing/data';

describe('My Tournaments (/my-tournaments)', () => {
  it('loads, then says when nothing is joined yet, with a way to /home', async () => {
    await signedInUser();
    renderApp('/my-tournaments');
    expect(await screen.findByText('Loading your tournaments...')).toBeInTheDocument();
    expect(await screen.findByText('No tournaments joined yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Tournaments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse tournaments' })).toHaveAttribute('href', '/home');
  });

  it('lists a joined tournament with banner, type, team name and date', async () => {
    const tournament = await createTournament({ type: '2v2', description: 'The 2v2 showdown' });
    const me = await signedInUser();
    await registerAs(tournament, {
      user: me,
      teamName: 'Thunder Squad',
      players: [
        { player_id: freshGameId(), in_game_name: 'One' },
        { player_id: freshGameId(), in_game_name: 'Two' },
      ],
    });

    renderApp('/my-tournaments');
    const card = await screen.findByRole('article', { name: tournament.name });
    expect(within(card).getByRole('img', { name: `${tournament.name} banner` })).toBeInTheDocument();
    expect(within(card).getByText('The 2v2 showdown')).toBeInTheDocument();
    expect(within(card).getByText('2v2 Tournament')).toBeInTheDocument();
    expect(within(card).getByText('Thunder Squad')).toBeInTheDocument();
    expect(within(card).getByText(/^Registered on /)).toBeInTheDocument();
    expect(screen.queryByText('No tournaments joined yet.')).not.toBeInTheDocument();
  });
});
