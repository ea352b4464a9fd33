// /home as a visitor would reach it without the sign-in guard: the list with each card's registration
// foot, as the route puts them together.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { createTournament } from '@/testing/data';
import HomeRoute from '@/app/routes/home';

async function findCard(name: string) {
  return screen.findByRole('article', { name }, { timeout: 10_000 });
}

describe('/home cards', () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    const t = await createTournament();
    const { user } = renderWithProviders(<HomeRoute />, { route: '/home' });
    const c = within(await findCard(t.name));

    await user.click(c.getByRole('button', { name: 'Register Now' }));
    expect(await c.findByRole('alert')).toHaveTextContent('Please sign in to register.');
    expect(c.getByRole('link', { name: /Sign in/ })).toHaveAttribute('href', '/login');
    expect(c.queryByLabelText(/Player 1 ID/)).not.toBeInTheDocument();
  });
});
