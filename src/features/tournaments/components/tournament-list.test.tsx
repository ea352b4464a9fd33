// The /home list against the real local stack: loading, cards, full, already registered (a visitor's
// card: src/app/routes/home.test.tsx), and live updates made by other clients without a reload.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { signedInAdmin, signedInUser } from '@/testing/users';
import { supabase } from '@/lib/supabase';
import { waitForLive } from '@/testing/live';
import { createTournament, deleteTournament, registerAs, updateTournament } from '@/testing/data';
import { formatTime } from '@/lib/schedule';

async function findCard(name: string) {
  return screen.findByRole('article', { name }, { timeout: 10_000 });
}

describe('Tournament list on /home', () => {
  it('shows a loading state, then each tournament as a card', async () => {
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const t = await createTournament({
      type: '2v2',
      slots: 4,
      description: 'Gem Grab duos, best of three',
      starts_at: startsAt,
    });
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
    expect(c.getByText(formatTime(startsAt))).toBeInTheDocument();
    expect(c.getByText('(starts in 3d)')).toBeInTheDocument();
    expect(c.getByText('Registration open')).toBeInTheDocument();
    expect(screen.queryByText('Loading tournaments...')).not.toBeInTheDocument();
    // The first row's banners (three cards on the widest screen) are fetched first; the rest lazily.
    const banners = screen
      .getAllByRole('article')
      .map((article) => article.querySelector('img')?.getAttribute('loading') ?? 'none');
    expect(banners.length).toBeGreaterThan(3);
    expect(banners.slice(3).filter((loading) => loading === 'eager')).toEqual([]);
    expect(banners.slice(0, 3).filter((loading) => loading === 'lazy')).toEqual([]);
  });

  it('opens and closes the registration form with the toggle', async () => {
    const t = await createTournament({ type: '3v3' });
    await signedInUser();
    const { user } = renderApp('/home');
    const card = await findCard(t.name);
    const c = within(card);

    await user.click(c.getByRole('button', { name: 'Register Now' }));
    expect(await c.findByLabelText(/Team Name/)).toBeInTheDocument();
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

  it("counts only the signed-in person's own team as registered, even for an administrator who reads every team", async () => {
    const theirs = await createTournament();
    await registerAs(theirs);
    const mine = await createTournament();
    await registerAs(mine, { user: await signedInAdmin() });
    renderApp('/home');

    const c = within(await findCard(theirs.name));
    expect(c.getByRole('button', { name: 'Register Now' })).toBeInTheDocument();
    expect(
      within(await findCard(mine.name)).getByText('You have already registered for this tournament.'),
    ).toBeInTheDocument();
  });

  it('updates live when tournaments are created, edited, filled and deleted by others', async () => {
    const existing = await createTournament({ slots: 5 });
    await signedInUser();
    renderApp('/home');
    await findCard(existing.name);
    await waitForLive();

    const created = await createTournament({ type: '3v3', description: 'Brand new trios cup' });
    const card = await findCard(created.name);
    expect(within(card).getByText('3v3 Tournament')).toBeInTheDocument();

    await updateTournament(created.id, { description: 'Renamed trios cup' });
    expect(
      await within(card).findByRole('heading', { name: 'Renamed trios cup' }, { timeout: 10_000 }),
    ).toBeInTheDocument();

    await registerAs(existing);
    const existingCard = await findCard(existing.name);
    expect(await within(existingCard).findByText('4 slots left', {}, { timeout: 10_000 })).toBeInTheDocument();

    await deleteTournament(created.id);
    await waitFor(() => expect(screen.queryByRole('article', { name: created.name })).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
  });

  it('shows a banner with Try again while the live connection is down, and drops it once it is back', async () => {
    const t = await createTournament();
    await signedInUser();
    renderApp('/home');
    const card = await findCard(t.name);
    await waitForLive();

    // The socket drops as a lost network would drop it (not a clean sign-off), so it reconnects by itself.
    (
      supabase.realtime as unknown as { socketAdapter: { socket: { conn: WebSocket } } }
    ).socketAdapter.socket.conn.close();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error loading tournament data');
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 10_000 });
    await waitForLive();
    await updateTournament(t.id, { description: 'Back on air' });
    expect(await within(card).findByRole('heading', { name: 'Back on air' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
