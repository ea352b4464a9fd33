// Every screen of this area passes axe's checks (labels, names, roles, landmarks...). Colour
// contrast needs layout, which jsdom lacks: theme.test.ts checks the palette instead.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { renderApp } from '@/testing/render';
import { signedInUser } from '@/testing/users';

async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe)', () => {
  it.each([
    ['/', /Start Your Journey/],
    ['/login', 'Welcome Back'],
    ['/register', 'Create Account'],
    ['/forgotpassword', 'Forgot Password'],
    ['/reset-password', 'Set a new password'],
    ['/contactus', 'Contact Us'],
    ['/leaderboard', 'How points work'],
    ['/admindashboard', 'You are not allowed to view this page'],
    ['/missing', 'Page not found'],
  ])('%s has no violations', async (path, marker) => {
    const { container } = renderApp(path);
    if (typeof marker === 'string') await screen.findByRole('heading', { name: marker });
    else await screen.findByRole('link', { name: marker });
    expect(await violations(container)).toEqual([]);
  });

  it.each([
    ['/profile', 'Profile Information'],
    ['/my-tournaments', 'My Tournaments'],
  ])('%s (signed in) has no violations', async (path, heading) => {
    await signedInUser();
    const { container } = renderApp(path);
    await screen.findByRole('heading', { name: heading });
    expect(await violations(container)).toEqual([]);
  });
});
