// Sign-up racing another account for the same game ID, against the real stack: the form's check has
// passed, then Auth refuses the account with its 500 (the profiles trigger's reason stays inside).
import { describe, expect, it } from 'vitest';
import { ACCOUNT_NOT_SAVED, signUpErrorMessage, signUpFailure } from '@/features/auth/api/sign-up';
import { createTestUser, freshEmail, freshGameId, standaloneClient } from '@/testing/users';

async function rawSignUp(gameId: string) {
  const { error } = await standaloneClient().auth.signUp({
    email: freshEmail('race'),
    password: 'secret-pass',
    options: { data: { username: 'Racer', game_id: gameId } },
  });
  return error;
}

describe('sign-up raced for a game ID', () => {
  it("says the game ID belongs to another account, in the database's words", async () => {
    const owner = await createTestUser();
    // What the server answers when the ID was claimed after the form asked.
    const error = await rawSignUp(owner.gameId);
    expect(error?.status).toBe(500);
    expect(signUpErrorMessage(await signUpFailure(error, owner.gameId))).toBe(
      'That player ID belongs to another account.',
    );
  });

  it('keeps the general message when the game ID is free (another rule refused the account)', async () => {
    const error = await rawSignUp(freshGameId());
    // A free ID signs up: nothing to explain.
    expect(error).toBeNull();
    const refused = { status: 500, message: 'Database error saving new user', name: 'AuthRetryableFetchError' };
    expect(signUpErrorMessage(await signUpFailure(refused, freshGameId()))).toBe(ACCOUNT_NOT_SAVED);
  });
});
