import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminCredentials, createTestUser } from '@/testing/users';
import { supabase } from '@/lib/supabase';

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Welcome Back (/login)', () => {
  it('has its fields and links', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByText(/Don't have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('shows "Incorrect credentials" for a wrong password, with the button disabled while signing in', async () => {
    const player = await createTestUser();
    const { user, router } = renderApp('/login');
    await signIn(user, player.email, 'wrong-password');
    // While the request runs the button is disabled (Mantine shows its loader in it).
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect credentials');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a player to /home', async () => {
    const player = await createTestUser();
    const { user, router } = renderApp('/login');
    await signIn(user, player.email, player.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends the administrator to /admindashboard', async () => {
    const admin = adminCredentials();
    const { user, router } = renderApp('/login');
    await signIn(user, admin.email, admin.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admindashboard'));
    expect(screen.queryByText('You are not allowed to view this page')).not.toBeInTheDocument();
  });

  it('brings a player back to the page a guard sent them from', async () => {
    const player = await createTestUser();
    const { user, router } = renderApp('/my-tournaments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn(user, player.email, player.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-tournaments'));
    expect(await screen.findByRole('heading', { name: 'My Tournaments' })).toBeInTheDocument();
  });

  it('follows a same-site ?next= and ignores one that leaves the site', async () => {
    const player = await createTestUser();
    const back = renderApp('/login?next=%2Fmy-tournaments');
    await signIn(back.user, player.email, player.password);
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/my-tournaments'));
    back.unmount();
    await supabase.auth.signOut({ scope: 'local' });

    const away = renderApp('/login?next=%2F%2Fevil.example');
    await signIn(away.user, player.email, player.password);
    await waitFor(() => expect(away.router.state.location.pathname).toBe('/home'));
  });
});
