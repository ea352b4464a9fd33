import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminCredentials, freshGameId, signedInUser, standaloneClient } from '@/testing/users';
import { supabase } from '@/lib/supabase';

async function createTournament(type: '1v1' | '2v2') {
  const admin = standaloneClient();
  const { error: signInError } = await admin.auth.signInWithPassword(adminCredentials());
  if (signInError) throw signInError;
  const name = `Cup ${Math.random().toString(36).slice(2, 8)}`;
  const { data, error } = await admin
    .from('tournaments')
    .insert({
      name,
      description: `The ${type} showdown`,
      thumbnail_url: '/banners/default.svg',
      slots: 8,
      discord_link: 'https://discord.gg/brawlcup',
      type,
    })
    .select('id, name')
    .single();
  if (error) throw error;
  return data as { id: string; name: string };
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

  it('lists a joined tournament with banner, type, team name and date', async () => {
    const tournament = await createTournament('2v2');
    await signedInUser();
    const { error } = await supabase.rpc('register_team', {
      p_tournament_id: tournament.id,
      p_team_name: 'Thunder Squad',
      p_players: [
        { player_id: freshGameId(), in_game_name: 'One' },
        { player_id: freshGameId(), in_game_name: 'Two' },
      ],
    });
    expect(error).toBeNull();

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
