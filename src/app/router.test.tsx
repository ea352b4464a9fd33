import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { RouteError } from '@/components/ui/route-error';
import { ChunkLoadError, loadChunk } from '@/lib/chunk';
import { renderApp } from '@/testing/render';
import { signedInAdmin, signedInUser } from '@/testing/users';
import { supabase } from '@/lib/supabase';

describe('Navigation header', () => {
  it('links brand, Tournaments, Leaderboard, Profile, My Tournaments, Contact Us and Logout, marking the current page', async () => {
    await signedInUser();
    renderApp('/my-tournaments');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: 'BrawlCup home' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Tournaments' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'My Tournaments' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contactus');
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/');
  });

  it('gives a visitor the Leaderboard link too, and Sign in, which comes back here', async () => {
    renderApp('/leaderboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fleaderboard');
    expect(within(nav).queryByRole('link', { name: 'Logout' })).toBeNull();
  });

  it('gives the administrator a Dashboard link', async () => {
    await signedInAdmin();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admindashboard');
  });

  it('turns translucent once the page is scrolled more than 20 px', async () => {
    await signedInUser();
    renderApp('/profile');
    const header = await screen.findByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
      fireEvent.scroll(window);
    });
    await waitFor(() => expect(header).toHaveAttribute('data-scrolled'));
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
    await waitFor(() => expect(header).not.toHaveAttribute('data-scrolled'));
  });

  it('Logout ends the session and goes to /', async () => {
    await signedInUser();
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(async () => expect((await supabase.auth.getSession()).data.session).toBeNull());
    expect(await screen.findByRole('link', { name: /Start Your Journey/ })).toBeInTheDocument();
  });
});

describe('Guards and fallbacks', () => {
  it('/admindashboard tells a player they are not allowed, with a link home', async () => {
    await signedInUser();
    renderApp('/admindashboard');
    expect(await screen.findByRole('heading', { name: 'You are not allowed to view this page' })).toBeInTheDocument();
    expect(screen.getByText(/403/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('/admindashboard tells a visitor too, and offers sign-in', async () => {
    renderApp('/admindashboard');
    expect(await screen.findByRole('heading', { name: 'You are not allowed to view this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as an administrator' })).toHaveAttribute('href', '/login');
  });

  it('/my-tournaments sends a visitor to /login (/home, the tournaments, is public)', async () => {
    const { router } = renderApp('/my-tournaments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a password-recovery landing (type=recovery in the hash) goes to /reset-password', async () => {
    window.history.replaceState(null, '', '/#type=recovery');
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    // No recovery session came with this bare link: the page says so.
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('after a recovery sign-in, the new password is set once and then the app is free to use', async () => {
    await signedInUser();
    window.history.replaceState(null, '', '/#type=recovery');
    const { user, router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    await user.type(await screen.findByLabelText('New password'), 'recovered-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'recovered-pass');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await user.click(await screen.findByRole('link', { name: 'Go to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('an unknown path shows the not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // Under the header: the way back to the tournaments is there.
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Tournaments' }),
    ).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Back to the start' })).toHaveAttribute('href', '/');
  });
});

describe('Route errors', () => {
  function renderFailing(lazy: () => Promise<never>) {
    const router = createMemoryRouter([{ path: '/', errorElement: <RouteError />, lazy }], { initialEntries: ['/'] });
    return render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  }

  it('shows "Unexpected Application Error!" with the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(() => Promise.reject(new Error('Boom in a loader')));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Boom in a loader')).toBeInTheDocument();
  });

  it('a chunk that fails to load offers a Retry that reloads', async () => {
    renderFailing(() =>
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    );
    expect(await screen.findByRole('heading', { name: 'This page failed to load.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a chunk that takes longer than the time-out becomes a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => {}), 120_000);
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });
});
