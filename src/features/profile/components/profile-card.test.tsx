import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { createTestUser, serviceClient, signedInUser } from '@/testing/users';
import { supabase } from '@/lib/supabase';
import { errorMessage } from '@/lib/errors';

describe('Profile (/profile)', () => {
  it('loads, then shows the Profile Information card with a read-only email', async () => {
    const player = await signedInUser();
    renderApp('/profile');
    expect(await screen.findByText('Loading your Profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(player.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Username')).toHaveValue(player.username);
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Game ID')).toHaveValue(player.gameId);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('says player IDs are unverified where the site has no Brawl Stars API key, and shows a verified mark', async () => {
    const player = await signedInUser();
    renderApp('/profile');
    expect(
      await screen.findByText('Player IDs are not verified on this site: anyone can enter any ID.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    // Proved in the game (complete_player_id_claim, as the verification calls it).
    const { error } = await serviceClient().rpc('start_player_id_claim', {
      p_user_id: player.id,
      p_player_id: '#2PPYLQ2PP',
      p_in_game_name: 'Me',
      p_current_icon: null,
    });
    expect(error).toBeNull();
    const { data: claim } = await serviceClient()
      .from('player_id_claims')
      .select('icon_id')
      .eq('user_id', player.id)
      .single();
    const done = await serviceClient().rpc('complete_player_id_claim', {
      p_user_id: player.id,
      p_player_id: '#2PPYLQ2PP',
      p_icon_id: claim!.icon_id,
    });
    expect(done.error).toBeNull();
    cleanup();
    renderApp('/profile');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('#2PPYLQ2PP is yours: you proved it in the game.')).toBeInTheDocument();
  });

  it('edits and saves username and game ID', async () => {
    const player = await signedInUser();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    // The editing form is fetched once the card is up: it replaces the card when it has arrived.
    await screen.findByRole('button', { name: 'Save' });
    const username = screen.getByLabelText('Username');
    expect(username).not.toHaveAttribute('readonly');
    await user.clear(username);
    await user.type(username, 'RenamedBrawler');
    await user.clear(screen.getByLabelText('Game ID'));
    await user.type(screen.getByLabelText('Game ID'), 'abcde1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('Game ID')).toHaveValue('#ABCDE1234');
    const { data } = await serviceClient().from('profiles').select('username, game_id').eq('id', player.id).single();
    expect(data).toEqual({ username: 'RenamedBrawler', game_id: '#ABCDE1234' });
  });

  it('shows the rules and Cancel puts the saved values back', async () => {
    const player = await signedInUser();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    await user.clear(screen.getByLabelText('Game ID'));
    await user.type(screen.getByLabelText('Game ID'), '#12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Invalid game ID format. Must be 9 characters with optional #.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByLabelText('Game ID')).toHaveValue(player.gameId));
    expect(screen.getByLabelText('Game ID')).toHaveAttribute('readonly');
  });

  it("says another account's game ID belongs to it and keeps the saved one", async () => {
    const owner = await createTestUser();
    const player = await signedInUser();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save' });
    await user.clear(screen.getByLabelText('Game ID'));
    await user.type(screen.getByLabelText('Game ID'), owner.gameId);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That player ID belongs to another account.')).toBeInTheDocument();
    expect(screen.getByLabelText('Game ID')).toHaveAttribute('aria-invalid', 'true');
    const { data } = await serviceClient().from('profiles').select('game_id').eq('id', player.id).single();
    expect(data).toEqual({ game_id: player.gameId });
  });

  it("the database says the same words when the form's check is raced", async () => {
    const owner = await createTestUser();
    const player = await signedInUser();
    // What reaches the database when another account claims the ID after the form asked.
    const { error } = await supabase.from('profiles').update({ game_id: owner.gameId }).eq('id', player.id);
    expect(errorMessage(error)).toBe('That player ID belongs to another account.');
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });
});
