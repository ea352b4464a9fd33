import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { createTestUser } from '@/testing/users';

describe('Forgot Password (/forgotpassword)', () => {
  it('requires the email', async () => {
    const { user } = renderApp('/forgotpassword');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  });

  it('mails the reset link and says so', async () => {
    const player = await createTestUser();
    const { user } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText(/Email/), player.email);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset email sent. Please check your inbox.')).toBeInTheDocument();
  });
});
