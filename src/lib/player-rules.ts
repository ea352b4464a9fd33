// The rules a player's username and game ID follow, shared by sign-up and the profile form. They
// mirror the database's checks on profiles (which stay the authority). Their zod schemas are in
// player-schemas.ts, apart: this file's words are also needed where zod is not. The words are the
// database's (lib/database-errors.ts, generated from its catalogue).
import { charLength, hasInvisible } from '@/lib/text-rules';
import {
  gameIdFormat,
  inGameNameInvisible as inGameNameInvisibleRule,
  inGameNameLength,
  inGameNameRequired as inGameNameRequiredRule,
  playerIdFormat,
  playerTagFormat,
  usernameInvisible,
  usernameLength,
} from '@/lib/database-errors';
import { ruleMessage } from '@/lib/errors';

export const GAME_ID_MESSAGE = gameIdFormat.message;
export const USERNAME_MESSAGE = usernameLength.message;
export const USERNAME_INVISIBLE_MESSAGE = usernameInvisible.message;
export const MIN_PASSWORD_LENGTH = 6;

/**
 * What the player ID and game ID inputs say and check themselves (spec: 9 to 10 characters, an
 * optional # and 9 characters): the same letters and digits as the rule above; the zod message is
 * what people read when the value is wrong.
 */
export const PLAYER_ID_INPUT = { minLength: 9, maxLength: 10, pattern: '#?[A-Za-z0-9]{9}' } as const;
export const PLAYER_ID_HINT = '9 letters or digits, # optional';

// A player named in a team (registration, or the captain filling a place): the database's messages
// word for word, with the place's number where the database puts it.
export const INVALID_PLAYER_ID = playerIdFormat.message;
export const PLAYER_ID_PATTERN = /^#[A-Z0-9]{9}$/;

/**
 * A tournament's organiser may accept the game's real tags instead (tournaments.player_id_rule =
 * 'brawl_stars', private.player_id_valid): # and 3 to 14 of the characters tags are made of.
 */
export type PlayerIdRule = 'seed' | 'brawl_stars';
export const TAG_PATTERN = /^#[0289PYLQGRJCUV]{3,14}$/;
export const INVALID_TAG = playerTagFormat.message;
export const TAG_INPUT = { minLength: 3, maxLength: 15, pattern: '#?[0289PYLQGRJCUVpylqgrjcuv]{3,14}' } as const;
export const TAG_HINT = 'Your Brawl Stars tag: 3 to 14 of 0289PYLQGRJCUV, # optional';

/** The pattern, message, input attributes and hint of a tournament's player ID rule. */
export function playerIdRule(rule: PlayerIdRule | string | null | undefined) {
  return rule === 'brawl_stars'
    ? { pattern: TAG_PATTERN, message: INVALID_TAG, input: TAG_INPUT, hint: TAG_HINT }
    : { pattern: PLAYER_ID_PATTERN, message: INVALID_PLAYER_ID, input: PLAYER_ID_INPUT, hint: PLAYER_ID_HINT };
}
export const inGameNameRequired = (slot: number) => ruleMessage(inGameNameRequiredRule, slot);
export const inGameNameTooLong = (slot: number) => ruleMessage(inGameNameLength, slot);
export const inGameNameInvisible = (slot: number) => ruleMessage(inGameNameInvisibleRule, slot);

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
