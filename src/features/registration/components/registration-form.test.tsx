// Registering from a tournament card against the real local stack: every client-side message, a
// server-side one, the submitting state and the post-registration countdown with its Discord link.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { freshGameId, signedInUser } from '@/testing/users';
import { createTournament, registerAs } from '@/testing/data';

/** Replaces what a field holds (player 1 starts as the signed-in player). */
async function retype(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

async function openForm(name: string) {
  const { user } = renderApp('/home');
  const card = await screen.findByRole('article', { name }, { timeout: 10_000 });
  const c = within(card);
  await user.click(c.getByRole('button', { name: 'Register Now' }));
  // The form's code loads on demand (normally before the click: the list preloads it).
  await c.findByRole('form', { name: `Register for ${name}` });
  return { user, card, c };
}

describe('Registration form', () => {
  it('fills player 1 with the captain, and shows every required-field message for the rest of a 3v3 team', async () => {
    const t = await createTournament({ type: '3v3' });
    const me = await signedInUser();
    const { user, c } = await openForm(t.name);
    expect(c.getByLabelText(/^Player 1 ID/)).toHaveValue(me.gameId);
    expect(c.getByLabelText(/^Player 1 In-Game Name/)).toHaveValue(me.username);

    await user.click(c.getByRole('button', { name: 'Submit Registration' }));

    expect(await c.findByText('Team name is required.')).toBeInTheDocument();
    expect(c.getAllByText('Invalid player ID format. Must be 9 characters with optional #.')).toHaveLength(2);
    expect(c.queryByText('In-game name is required for player 1.')).not.toBeInTheDocument();
    for (const n of [2, 3]) {
      expect(c.getByText(`In-game name is required for player ${n}.`)).toBeInTheDocument();
    }
    expect(c.getByLabelText(/^Team Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the 1v1 form without a team name, filled with my own player ID and name, and checks the ID format', async () => {
    const t = await createTournament({ type: '1v1' });
    const me = await signedInUser();
    const { user, c } = await openForm(t.name);
    expect(c.getByLabelText(/^Player 1 ID/)).toHaveValue(me.gameId);
    expect(c.getByLabelText(/^Player 1 In-Game Name/)).toHaveValue(me.username);

    expect(c.queryByLabelText(/Team Name/)).not.toBeInTheDocument();
    expect(c.queryByLabelText(/Player 2 ID/)).not.toBeInTheDocument();
    await retype(user, c.getByLabelText(/^Player 1 ID/), '#ABC12');
    await retype(user, c.getByLabelText(/^Player 1 In-Game Name/), 'Shelly');
    await user.click(c.getByRole('button', { name: 'Submit Registration' }));

    expect(await c.findByText('Invalid player ID format. Must be 9 characters with optional #.')).toBeInTheDocument();
    expect(c.queryByText('Team name is required.')).not.toBeInTheDocument();
  });

  it('rejects the same player ID twice in one team, after normalising it like the database', async () => {
    const t = await createTournament({ type: '2v2' });
    await signedInUser();
    const { user, c } = await openForm(t.name);

    await user.type(c.getByLabelText(/^Team Name/), 'Twin Peaks');
    await retype(user, c.getByLabelText(/^Player 1 ID/), ' abc123xyz');
    await retype(user, c.getByLabelText(/^Player 1 In-Game Name/), 'Colt');
    await user.type(c.getByLabelText(/^Player 2 ID/), '#ABC123XYZ');
    await user.type(c.getByLabelText(/^Player 2 In-Game Name/), 'Brock');
    await user.click(c.getByRole('button', { name: 'Submit Registration' }));

    expect(await c.findByText('Player ID #ABC123XYZ is entered more than once.')).toBeInTheDocument();
  });

  it("shows the server's message when a player ID is already registered by someone else", async () => {
    const t = await createTournament({ type: '1v1' });
    const taken = freshGameId();
    await registerAs(t, { players: [{ player_id: taken, in_game_name: 'First' }] });
    await signedInUser();
    const { user, c } = await openForm(t.name);

    await retype(user, c.getByLabelText(/^Player 1 ID/), taken.slice(1).toLowerCase());
    await retype(user, c.getByLabelText(/^Player 1 In-Game Name/), 'Second');
    await user.click(c.getByRole('button', { name: 'Submit Registration' }));

    expect(await c.findByRole('alert')).toHaveTextContent(`Player ID ${taken} is already registered.`);
    // The form stays open with what was typed, so the player can fix it.
    expect(c.getByLabelText(/^Player 1 In-Game Name/)).toHaveValue('Second');
  });

  it('registers, disables the button while sending, then counts down to the Discord link (Skip Ad)', async () => {
    const t = await createTournament({ type: '2v2', slots: 4 });
    await signedInUser();
    const { user, c } = await openForm(t.name);

    await user.type(c.getByLabelText(/^Team Name/), 'Night Owls');
    await retype(user, c.getByLabelText(/^Player 1 ID/), freshGameId());
    await retype(user, c.getByLabelText(/^Player 1 In-Game Name/), 'Mortis');
    await user.type(c.getByLabelText(/^Player 2 ID/), freshGameId().slice(1));
    await user.type(c.getByLabelText(/^Player 2 In-Game Name/), 'Crow');
    const submit = c.getByRole('button', { name: 'Submit Registration' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());

    expect(await c.findByText('Wait for the Discord Link', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(c.getByText('5 seconds')).toBeInTheDocument();
    // The cards render from a deferred list (tournament-list.tsx), so the card's mark follows a render later.
    expect(await c.findByText('You have already registered for this tournament.')).toBeInTheDocument();
    // The form is cleared and closed, and cannot be opened again.
    expect(c.queryByLabelText(/^Team Name/)).not.toBeInTheDocument();
    expect(c.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(await c.findByText('4 seconds', {}, { timeout: 3000 })).toBeInTheDocument();

    await user.click(c.getByRole('button', { name: 'Skip Ad' }));
    expect(c.getByText('Team registered successfully')).toBeInTheDocument();
    expect(c.getByText('Join The Discord Server for Match Updates')).toBeInTheDocument();
    const link = c.getByRole('link', { name: 'Join Discord' });
    expect(link).toHaveAttribute('href', t.discord_link);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The count the database keeps arrives live.
    expect(await c.findByText('3 slots left', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the confirmation on its own once the 5-second countdown ends', async () => {
    const t = await createTournament({ type: '1v1' });
    await signedInUser();
    const { user, c } = await openForm(t.name);

    await retype(user, c.getByLabelText(/^Player 1 ID/), freshGameId());
    await retype(user, c.getByLabelText(/^Player 1 In-Game Name/), 'Piper');
    await user.click(c.getByRole('button', { name: 'Submit Registration' }));

    expect(await c.findByText('Wait for the Discord Link', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await c.findByText('Team registered successfully', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(c.queryByText('Wait for the Discord Link')).not.toBeInTheDocument();
    expect(c.getByRole('link', { name: 'Join Discord' })).toHaveAttribute('href', t.discord_link);
  });
});
