// The rules a player's username and game ID follow, shared by sign-up and the profile form. They
// mirror the database's checks on profiles (which stay the authority). Their zod schemas are in
// player-schemas.ts, apart: this file's words are also needed where zod is not (lib/errors.ts).
import { charLength, hasInvisible } from '@/lib/text-rules';

export const GAME_ID_MESSAGE = 'Invalid game ID format. Must be 9 characters with optional #.';
export const USERNAME_MESSAGE = 'Username must be between 2 and 30 characters.';
export const USERNAME_INVISIBLE_MESSAGE = 'Username cannot contain invisible characters.';
export const MIN_PASSWORD_LENGTH = 6;

/**
 * What the player ID and game ID inputs say and check themselves (spec: 9 to 10 characters, an
 * optional # and 9 characters): the same letters and digits as the rule above; the zod message is
 * what people read when the value is wrong.
 */
export const PLAYER_ID_INPUT = { minLength: 9, maxLength: 10, pattern: '#?[A-Za-z0-9]{9}' } as const;
export const PLAYER_ID_HINT = '9 letters or digits, # optional';

/** The database's words when a game ID is owned by another account (profiles trigger). */
export const GAME_ID_TAKEN_MESSAGE = 'That player ID belongs to another account.';

// A player named in a team (registration, or the captain filling a place): the database's messages
// word for word, with the place's number where the database puts it.
export const INVALID_PLAYER_ID = 'Invalid player ID format. Must be 9 characters with optional #.';
export const PLAYER_ID_PATTERN = /^#[A-Z0-9]{9}$/;
export const inGameNameRequired = (slot: number) => `In-game name is required for player ${slot}.`;
export const inGameNameTooLong = (slot: number) => `In-game name for player ${slot} must be 30 characters or fewer.`;
export const inGameNameInvisible = (slot: number) =>
  `In-game name for player ${slot} cannot contain invisible characters.`;

/** The database's normalisation: trim, upper-case, add the leading # if it is missing. */
export function normalizePlayerId(raw: string): string {
  const trimmed = raw.trim().toUpperCase();
  if (!trimmed) return '';
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/** What is wrong with the in-game name of player `slot` (already trimmed), or null. */
export function inGameNameProblem(name: string, slot: number): string | null {
  if (name === '') return inGameNameRequired(slot);
  if (hasInvisible(name)) return inGameNameInvisible(slot);
  if (charLength(name) > 30) return inGameNameTooLong(slot);
  return null;
}
