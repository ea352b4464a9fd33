import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { signedInUser, standaloneClient } from '@/testing/users';

describe('Set new password (/reset-password)', () => {
  it('without a recovery session, says the link is invalid and links to /forgotpassword', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('sets the new password for the signed-in person', async () => {
    const player = await signedInUser();
    const { user } = renderApp('/reset-password');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');

    const { error } = await standaloneClient().auth.signInWithPassword({
      email: player.email,
      password: 'brand-new-pass',
    });
    expect(error).toBeNull();
  });
});
