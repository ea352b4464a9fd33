// The /home list against the real local stack: loading, cards, full, already registered, signed out,
// and live updates made by other clients without a reload.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, renderWithProviders } from '@/testing/render';
import { signedInUser } from '@/testing/users';
import { TournamentList } from './tournament-list';
import { createTournament, deleteTournament, registerAs, updateTournament } from '../testing/fixtures';

async function findCard(name: string) {
  return screen.findByRole('article', { name }, { timeout: 10_000 });
}

describe('Tournament list on /home', () => {
  it('shows a loading state, then each tournament as a card', async () => {
    const t = await createTournament({ type: '2v2', slots: 4, description: 'Gem Grab duos, best of three' });
    await registerAs(t);
    await signedInUser();
    renderApp('/home');

    expect(await screen.findByText('Loading tournaments...', {}, { timeout: 15_000 })).toBeInTheDocument();

    const card = await findCard(t.name);
    const c = within(card);
    expect(c.getByRole('heading', { name: 'Gem Grab duos, best of three' })).toBeInTheDocument();
    expect(c.getByRole('img', { name: `${t.name} banner` })).toBeInTheDocument();
    expect(c.getByText('2v2 Tournament')).toBeInTheDocument();
    expect(c.getByText('3 slots left')).toBeInTheDocument();
    const progress = c.getByRole('progressbar', { name: 'Registration Progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(c.getByText(/1 \/ 4 · 25%/)).toBeInTheDocument();
    expect(screen.queryByText('Loading tournaments...')).not.toBeInTheDocument();
  });

  it('opens and closes the registration form with the toggle', async () => {
    const t = await createTournament({ type: '3v3' });
    await signedInUser();
    const { user } = renderApp('/home');
    const card = await findCard(t.name);
    const c = within(card);

    await user.click(c.getByRole('button', { name: 'Register Now' }));
    expect(c.getByLabelText(/Team Name/)).toBeInTheDocument();
    for (const n of [1, 2, 3]) {
      expect(c.getByLabelText(new RegExp(`^Player ${n} ID`))).toBeInTheDocument();
      expect(c.getByLabelText(new RegExp(`^Player ${n} In-Game Name`))).toBeInTheDocument();
    }
    expect(c.getByRole('button', { name: 'Close Registration' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(c.getByRole('button', { name: 'Close Registration' }));
    expect(c.queryByLabelText(/Team Name/)).not.toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Register Now' })).toBeInTheDocument();
  });

  it('says "The tournament is full" instead of the toggle when no slots are left', async () => {
    const t = await createTournament({ slots: 1 });
    await registerAs(t);
    await signedInUser();
    renderApp('/home');
    const c = within(await findCard(t.name));

    expect(c.getByText('The tournament is full')).toBeInTheDocument();
    expect(c.getByText('0 slots left')).toBeInTheDocument();
    expect(c.getByRole('progressbar', { name: 'Registration Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(c.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
  });

  it('tells a player who already registered', async () => {
    const t = await createTournament();
    const me = await signedInUser();
    await registerAs(t, { user: me });
    renderApp('/home');
    const c = within(await findCard(t.name));

    expect(await c.findByText('You have already registered for this tournament.')).toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
  });

  it('asks a visitor who is not signed in to sign in', async () => {
    const t = await createTournament();
    const { user } = renderWithProviders(<TournamentList />, { route: '/home' });
    const c = within(await findCard(t.name));

    await user.click(c.getByRole('button', { name: 'Register Now' }));
    expect(c.getByRole('alert')).toHaveTextContent('Please sign in to register.');
    expect(c.getByRole('link', { name: /Sign in/ })).toHaveAttribute('href', '/login');
    expect(c.queryByLabelText(/Player 1 ID/)).not.toBeInTheDocument();
  });

  it('updates live when tournaments are created, edited, filled and deleted by others', async () => {
    const existing = await createTournament({ slots: 5 });
    await signedInUser();
    renderApp('/home');
    await findCard(existing.name);
    // The subscription is joined once the first read after SUBSCRIBED has settled; give it a moment.
    await new Promise((r) => setTimeout(r, 500));

    const created = await createTournament({ type: '3v3', description: 'Brand new trios cup' });
    const card = await findCard(created.name);
    expect(within(card).getByText('3v3 Tournament')).toBeInTheDocument();

    await updateTournament(created.id, { description: 'Renamed trios cup' });
    expect(await within(card).findByRole('heading', { name: 'Renamed trios cup' }, { timeout: 10_000 })).toBeInTheDocument();

    await registerAs(existing);
    const existingCard = await findCard(existing.name);
    expect(await within(existingCard).findByText('4 slots left', {}, { timeout: 10_000 })).toBeInTheDocument();

    await deleteTournament(created.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: created.name })).not.toBeInTheDocument(), { timeout: 10_000 });
  });
});
