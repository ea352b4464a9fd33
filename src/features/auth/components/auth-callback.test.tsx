// Coming back from Discord (/login/callback): Auth's errors in words for people, and a new account
// asked for its username and player ID before it goes on to where it was going. The whole Discord
// round trip runs in e2e/discord.test.ts against a stand-in for Discord.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { freshEmail, freshGameId, serviceClient, signInApp } from '@/testing/users';
import { DISCORD_CANCELLED, DISCORD_EXPIRED } from '@/features/auth/api/sign-in-with-discord';

describe('Back from Discord (/login/callback)', () => {
  it('says the person cancelled on Discord, and offers sign-in again with the same next', async () => {
    renderApp(
      '/login/callback?next=%2Ftournaments%2Fabc&error=access_denied&error_description=The+resource+owner+denied#error=access_denied&sb=',
    );
    expect(await screen.findByText(DISCORD_CANCELLED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftournaments%2Fabc',
    );
  });

  it('words a forged or expired state that Auth sent to the site URL', async () => {
    const { router } = renderApp(
      '/?error=invalid_request&error_code=bad_oauth_state&error_description=OAuth+state+not+found+or+expired',
    );
    expect(await screen.findByText(DISCORD_EXPIRED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/callback');
  });

  it('asks a new account for its username and player ID, then goes on to next', async () => {
    const email = freshEmail('discord');
    const password = 'secret-pass';
    // An account as a Discord sign-up leaves it: no player ID, Discord's names in the metadata.
    const { error } = await serviceClient().auth.admin.createUser({
      email,
      password,
      user_metadata: { full_name: 'nova_strike', custom_claims: { global_name: 'Nova Strike' } },
    });
    expect(error).toBeNull();
    await signInApp({ email, password });
    const { user, router } = renderApp('/login/callback?next=%2Fleaderboard');
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fleaderboard');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveValue('Nova Strike'));
    await user.type(screen.getByLabelText('Game ID'), freshGameId());
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard'));
  });
});

describe('next through sign-up', () => {
  it("keeps a shared link's next from sign-in to sign-up and after it", async () => {
    const { user, router } = renderApp('/login?next=%2Fleaderboard');
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    expect(router.state.location.search).toBe('?next=%2Fleaderboard');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fleaderboard');
    await user.type(screen.getByLabelText('Email'), freshEmail('next'));
    await user.type(screen.getByLabelText('Username'), 'NextPlayer');
    await user.type(screen.getByLabelText('Game ID'), freshGameId());
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard'));
  });
});
