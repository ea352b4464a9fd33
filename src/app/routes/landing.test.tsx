import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { signedInUser, standaloneClient } from '@/testing/users';

describe('Landing page (/)', () => {
  it('shows the hero links, the four feature cards, the statistics strip and an ad slot', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Start Your Journey/ })).toHaveAttribute('href', '/register');
    const signIns = screen.getAllByRole('link', { name: 'Sign in' });
    expect(signIns.length).toBeGreaterThan(0);
    for (const link of signIns) expect(link).toHaveAttribute('href', '/login');

    const features = screen.getByRole('region', { name: 'Features' });
    for (const title of ['Competitive Tournaments', 'Team Formation', 'Custom Matches', 'Rewards System']) {
      expect(within(features).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('100+')).toBeInTheDocument();
    expect(within(stats).getByText('Active Players')).toBeInTheDocument();
    expect(within(stats).getByText('Rs500+')).toBeInTheDocument();
    expect(within(stats).getByText('Monthly Prize Pool')).toBeInTheDocument();
    expect(within(stats).getByText('24/7')).toBeInTheDocument();
    expect(within(stats).getByText('Tournament Support')).toBeInTheDocument();

    // No ADSENSE_CLIENT/ADSENSE_SLOT in the test config: the house slot, no AdSense script.
    const ad = await screen.findByRole('region', { name: 'Advertisement' });
    expect(within(ad).getByText('Advertise here')).toBeInTheDocument();
    expect(document.getElementById('adsbygoogle-js')).toBeNull();
  });

  it('offers someone signed in "Go to tournaments" instead of Start Your Journey and Sign in', async () => {
    await signedInUser();
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Go to tournaments/ })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('link', { name: /Start Your Journey/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('Start Your Journey opens Create Account', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: /Start Your Journey/ }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('links the leaderboard promise to /leaderboard and shows the recent winners', async () => {
    renderApp('/');
    const promise = await screen.findByText(/fight your way to the top of the/);
    expect(within(promise).getByRole('link', { name: 'leaderboard' })).toHaveAttribute('href', '/leaderboard');
    // The newest champions as the database lists them (the seed's, and any a test before this one
    // completed on the shared stack).
    const { data: latest } = await standaloneClient().rpc('recent_champions', { p_limit: 3 });
    expect(latest?.length).toBeGreaterThan(0);
    const winners = await screen.findByRole('region', { name: 'Recent winners' });
    for (const c of latest as { tournament_name: string; champion: string }[]) {
      const card = await within(winners).findByRole('article', { name: `${c.tournament_name} champion` });
      expect(within(card).getByText(c.champion)).toBeInTheDocument();
      expect(within(card).getByText(`won ${c.tournament_name}`)).toBeInTheDocument();
    }
    expect(within(winners).getByRole('link', { name: 'See the leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });
});
