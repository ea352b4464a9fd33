// What a failed sign-in or sign-up says, for the Auth API's error shapes (the forms' tests cover
// the same against the real stack; these cover the shapes the local stack does not produce on demand).
import { describe, expect, it } from 'vitest';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { INCORRECT_CREDENTIALS, destinationAfterSignIn, signInErrorMessage } from '@/features/auth/api/sign-in';
import { ACCOUNT_NOT_SAVED, signUpErrorMessage } from '@/features/auth/api/sign-up';
import { NETWORK_MESSAGE } from '@/lib/errors';
import type { User } from '@supabase/supabase-js';

describe('sign-in messages', () => {
  it('wrong email or password -> Incorrect credentials', () => {
    expect(signInErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      INCORRECT_CREDENTIALS,
    );
  });
  it('a network failure says so instead', () => {
    expect(signInErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(NETWORK_MESSAGE);
  });
  it('administrators go to the dashboard, players home, a guard sends them back', () => {
    const admin = { app_metadata: { role: 'admin' } } as unknown as User;
    const player = { app_metadata: {} } as unknown as User;
    expect(destinationAfterSignIn(admin)).toBe('/admindashboard');
    expect(destinationAfterSignIn(player)).toBe('/home');
    expect(destinationAfterSignIn(player, '/my-tournaments')).toBe('/my-tournaments');
  });
});

describe('sign-up messages', () => {
  it('a taken email -> User already exists', () => {
    expect(signUpErrorMessage(new AuthApiError('User already registered', 422, 'user_already_exists'))).toBe(
      'User already exists',
    );
    expect(signUpErrorMessage(new AuthApiError('Email address already registered', 422, 'email_exists'))).toBe(
      'User already exists',
    );
  });
  it('a weak password gives the real reason', () => {
    const weak = new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);
    expect(signUpErrorMessage(weak)).toBe('Password should be at least 6 characters.');
  });
  it("the database refusing the account (Auth's 500, reason hidden) asks to check username and game ID", () => {
    // What supabase-js hands the app for GoTrue's 500 "Database error saving new user".
    expect(signUpErrorMessage(new AuthRetryableFetchError('{}', 500))).toBe(ACCOUNT_NOT_SAVED);
    expect(signUpErrorMessage(new AuthApiError('Database error saving new user', 500, 'unexpected_failure'))).toBe(
      ACCOUNT_NOT_SAVED,
    );
  });
});
