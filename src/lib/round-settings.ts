// What a round is played as: its best-of and, per game, an optional Brawl Stars mode and map. The
// database's set_round_settings holds these rules; this schema checks the same ones first with the
// same words, for the administrator's round form (the form's api file imports it with the RPC).
import { z } from '@/lib/zod';
import { charLength, hasInvisible } from '@/lib/text-rules';
import type { TournamentType } from '@/lib/tournament';

export const BRAWL_MODES = ['Gem Grab', 'Brawl Ball', 'Heist', 'Bounty', 'Knockout', 'Hot Zone', 'Duels'] as const;
export type BrawlMode = (typeof BRAWL_MODES)[number];

export const BEST_OF_MESSAGE = 'A match is a best of 1, 3 or 5.';
export const MODE_MESSAGE = 'The mode is one of Gem Grab, Brawl Ball, Heist, Bounty, Knockout, Hot Zone or Duels.';
export const MAP_MESSAGE = 'A map name has at most 50 characters, without invisible ones.';
export const duelsMessage = (type: TournamentType) =>
  `Duels is a 1v1 mode: choose another mode for a ${type} tournament.`;
export const tooManyMapsMessage = (bestOf: number) =>
  `A best of ${bestOf} has at most ${bestOf} games: remove the extra maps.`;

/** The modes a tournament of this type can be played in (Duels only in 1v1). */
export function modesFor(type: TournamentType): BrawlMode[] {
  return BRAWL_MODES.filter((mode) => mode !== 'Duels' || type === '1v1');
}

// Blank or missing means "not set", as the database stores it (null).
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const gameSchema = z.object({
  mode: z.preprocess(blankToNull, z.enum(BRAWL_MODES, { message: MODE_MESSAGE }).nullable()),
  map: z.preprocess(
    (value) => blankToNull(typeof value === 'string' ? value.trim() : value),
    z
      .string()
      .refine((map) => charLength(map) <= 50 && !hasInvisible(map), MAP_MESSAGE)
      .nullable(),
  ),
});

/** The round form's schema for a tournament of `type`: what set_round_settings accepts. */
export function roundSettingsSchema(type: TournamentType) {
  return z
    .object({
      bestOf: z.union([z.literal(1), z.literal(3), z.literal(5)], { message: BEST_OF_MESSAGE }),
      maps: z.array(gameSchema),
    })
    .superRefine((value, ctx) => {
      if (value.maps.length > value.bestOf) {
        ctx.addIssue({ code: 'custom', path: ['maps'], message: tooManyMapsMessage(value.bestOf) });
      }
      value.maps.forEach((game, i) => {
        if (game.mode === 'Duels' && type !== '1v1') {
          ctx.addIssue({ code: 'custom', path: ['maps', i, 'mode'], message: duelsMessage(type) });
        }
      });
    });
}

export type RoundSettings = z.infer<ReturnType<typeof roundSettingsSchema>>;
