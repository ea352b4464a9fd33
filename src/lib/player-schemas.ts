// The username and game ID rules (player-rules.ts) as the zod schemas sign-up and the profile form
// check with.
import { z } from '@/lib/zod';
import { charLength, visibleOnly } from '@/lib/text-rules';
import { GAME_ID_MESSAGE, USERNAME_INVISIBLE_MESSAGE, USERNAME_MESSAGE } from '@/lib/player-rules';

/**
 * "#" + 9 letters/digits, or a real Brawl Stars tag (3 to 14 of 0289PYLQGRJCUV, which the game can
 * verify); the leading # is optional and added, letters are upper-cased (as the server does).
 */
export const gameIdSchema = z
  .string()
  .trim()
  .regex(/^#?([A-Za-z0-9]{9}|[0289PYLQGRJCUVpylqgrjcuv]{3,14})$/, { message: GAME_ID_MESSAGE })
  .transform((value) => (value.startsWith('#') ? value : `#${value}`).toUpperCase());

export const usernameSchema = z
  .string()
  .trim()
  .refine((name) => charLength(name) >= 2 && charLength(name) <= 30, { message: USERNAME_MESSAGE })
  .refine(visibleOnly, { message: USERNAME_INVISIBLE_MESSAGE });
