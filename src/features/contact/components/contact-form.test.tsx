import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { serviceClient, signedInUser } from '@/testing/users';

describe('Contact Us (/contactus), stored in contact_messages', () => {
  it('is open to visitors and requires email, subject and message', async () => {
    const { user } = renderApp('/contactus');
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
  });

  it('sends, shows "Submitting..." meanwhile, then the success message and empty fields', async () => {
    const { user } = renderApp('/contactus');
    const subject = `Question ${Math.random().toString(36).slice(2, 8)}`;
    await user.type(await screen.findByLabelText(/Email/), 'visitor@example.com');
    await user.type(screen.getByLabelText(/Subject/), subject);
    await user.type(screen.getByLabelText(/Message/), 'When does the next 3v3 cup start?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(await screen.findByText('Message submitted successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('');
    expect(screen.getByLabelText(/Subject/)).toHaveValue('');
    expect(screen.getByLabelText(/Message/)).toHaveValue('');

    const { data } = await serviceClient().from('contact_messages').select('email, message').eq('subject', subject);
    expect(data).toEqual([{ email: 'visitor@example.com', message: 'When does the next 3v3 cup start?' }]);
  });

  it("fills in a signed-in player's email", async () => {
    const player = await signedInUser();
    renderApp('/contactus');
    await waitFor(() => expect(screen.getByLabelText(/Email/)).toHaveValue(player.email));
    // The navigation header is there for signed-in screens.
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
  });
});
