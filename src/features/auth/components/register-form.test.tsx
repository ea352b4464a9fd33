import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { createTestUser, freshEmail, freshGameId, serviceClient } from '@/testing/users';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  values: { email: string; username: string; gameId: string; password: string },
) {
  await user.type(await screen.findByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Game ID'), values.gameId);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('Create Account (/register)', () => {
  it('has the four labelled fields, a Back button to / and a Sign in link', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    for (const label of ['Email', 'Username', 'Game ID', 'Password'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the same rules as the server before sending', async () => {
    const { user, router } = renderApp('/register');
    await fill(user, { email: 'not-an-email', username: 'x', gameId: '#123', password: '123' });
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Username must be between 2 and 30 characters.')).toBeInTheDocument();
    expect(screen.getByText('Invalid game ID format. Must be 9 characters with optional #.')).toBeInTheDocument();
    expect(screen.getByText('Password should be at least 6 characters.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('creates the account with its profile and lands on /home', async () => {
    const email = freshEmail('signup');
    const gameId = freshGameId().slice(1).toLowerCase(); // no #, lower case: normalised
    const { user, router } = renderApp('/register');
    await fill(user, { email, username: 'NewBrawler', gameId, password: 'secret-pass' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));

    const { data } = await serviceClient().from('profiles').select('username, game_id').eq('email', email).single();
    expect(data).toEqual({ username: 'NewBrawler', game_id: `#${gameId.toUpperCase()}` });
  });

  it('says "User already exists" for a taken email', async () => {
    const existing = await createTestUser();
    const { user, router } = renderApp('/register');
    await fill(user, { email: existing.email, username: 'Someone', gameId: freshGameId(), password: 'another-pass' });
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(router.state.location.pathname).toBe('/register');
  });

  it("says another account's game ID belongs to it, on the Game ID field, and creates no account", async () => {
    const owner = await createTestUser();
    const email = freshEmail('signup');
    const { user, router } = renderApp('/register');
    await fill(user, {
      email,
      username: 'Copycat',
      gameId: owner.gameId.slice(1).toLowerCase(),
      password: 'secret-pass',
    });
    expect(await screen.findByText('That player ID belongs to another account.')).toBeInTheDocument();
    expect(screen.getByLabelText('Game ID')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/register');
    const { data } = await serviceClient().from('profiles').select('id').eq('email', email);
    expect(data).toEqual([]);
  });
});
