// Registers a player or a team for a tournament through the register_team RPC. The schema below is
// the one the registration form validates with, and it mirrors the database's rules and messages
// word for word, so the same mistake reads the same whether the browser or the server catches it.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useAuth } from '@/lib/auth';
import { type TournamentWithMyTeam } from '@/lib/get-tournaments';
import { allTournamentsKey, tournamentsKey } from '@/lib/tournament-keys';
import { charLength, hasInvisible, visibleOnly } from '@/lib/text-rules';
import type { TournamentType } from '@/lib/tournament';
import {
  INVALID_PLAYER_ID,
  inGameNameInvisible,
  inGameNameRequired,
  inGameNameTooLong,
  normalizePlayerId,
  playerIdRule,
  type PlayerIdRule,
} from '@/lib/player-rules';
import type { Tables } from '@/types/database';

export const TEAM_SIZE: Record<TournamentType, number> = { '1v1': 1, '2v2': 2, '3v3': 3 };

export const TEAM_NAME_REQUIRED = 'Team name is required.';
export const TEAM_NAME_TOO_LONG = 'Team name must be 40 characters or fewer.';
export const TEAM_NAME_INVISIBLE = 'Team name cannot contain invisible characters.';
export const duplicatePlayerId = (id: string) => `Player ID ${id} is entered more than once.`;

// The rules of one named player are shared with the captain's form for an empty place.
export { INVALID_PLAYER_ID, inGameNameInvisible, inGameNameRequired, inGameNameTooLong, normalizePlayerId };

export const TEAM_SIZE_MESSAGE: Record<TournamentType, string> = {
  '1v1': 'A 1v1 registration needs exactly 1 player.',
  '2v2': 'A 2v2 team needs exactly 2 players.',
  '3v3': 'A 3v3 team needs exactly 3 players.',
};

const playerSchema = (rule: PlayerIdRule) =>
  z.object({
    playerId: z.string().overwrite(normalizePlayerId).regex(playerIdRule(rule).pattern, playerIdRule(rule).message),
    inGameName: z.string().trim(),
  });

/** The form's and the call's rules for a tournament of this type and player ID rule. */
export function registerTeamSchema(type: TournamentType, rule: PlayerIdRule = 'seed') {
  return z
    .object({
      teamName:
        type === '1v1'
          ? z.string().trim()
          : z
              .string()
              .trim()
              .min(1, TEAM_NAME_REQUIRED)
              .refine(visibleOnly, TEAM_NAME_INVISIBLE)
              .refine((name) => charLength(name) <= 40, TEAM_NAME_TOO_LONG),
      players: z.array(playerSchema(rule)).length(TEAM_SIZE[type], TEAM_SIZE_MESSAGE[type]),
    })
    .superRefine(
      (value, ctx) => {
        const players: unknown[] = Array.isArray(value.players) ? value.players : [];
        const seen = new Set<string>();
        players.forEach((raw, index) => {
          const player = (raw ?? {}) as { playerId?: unknown; inGameName?: unknown };
          // The slot number belongs in the message, so this rule lives here rather than on the field.
          const name = typeof player.inGameName === 'string' ? player.inGameName.trim() : '';
          if (name === '') {
            ctx.addIssue({
              code: 'custom',
              path: ['players', index, 'inGameName'],
              message: inGameNameRequired(index + 1),
            });
          } else if (hasInvisible(name)) {
            ctx.addIssue({
              code: 'custom',
              path: ['players', index, 'inGameName'],
              message: inGameNameInvisible(index + 1),
            });
          } else if (charLength(name) > 30) {
            ctx.addIssue({
              code: 'custom',
              path: ['players', index, 'inGameName'],
              message: inGameNameTooLong(index + 1),
            });
          }
          const id = typeof player.playerId === 'string' ? player.playerId : '';
          if (!playerIdRule(rule).pattern.test(id)) return;
          if (seen.has(id)) {
            ctx.addIssue({ code: 'custom', path: ['players', index, 'playerId'], message: duplicatePlayerId(id) });
          }
          seen.add(id);
        });
      },
      // Report every mistake at once, not only once the rest is valid.
      { when: () => true },
    );
}

export type RegisterTeamSchema = ReturnType<typeof registerTeamSchema>;
export type RegisterTeamInput = z.input<RegisterTeamSchema>;
export type RegisterTeamValues = z.output<RegisterTeamSchema>;

export function emptyRegistration(type: TournamentType): RegisterTeamInput {
  return {
    teamName: '',
    players: Array.from({ length: TEAM_SIZE[type] }, () => ({ playerId: '', inGameName: '' })),
  };
}

/** A new registration, with the Discord invite it opened (null on the waitlist). */
export type RegisteredTeam = Tables<'teams'> & { discord_link: string | null };

/**
 * Registers the form's parsed values (the resolver ran registerTeamSchema); the database checks again.
 * A team that got a slot then reads its Discord invite (discord_link()), so the success panel has it
 * without waiting for the list to be read again.
 */
export async function registerTeam(args: {
  tournamentId: string;
  type: TournamentType;
  values: RegisterTeamValues;
  /** When the tournament is full, join its waitlist instead of being refused. */
  waitlist?: boolean;
}): Promise<RegisteredTeam> {
  const { data } = await supabase
    .rpc('register_team', {
      p_tournament_id: args.tournamentId,
      // The database ignores the team name of a 1v1 registration and stores null.
      p_team_name: args.type === '1v1' ? '' : args.values.teamName,
      p_players: args.values.players.map((p) => ({ player_id: p.playerId, in_game_name: p.inGameName })),
      p_waitlist: args.waitlist ?? false,
    })
    .throwOnError();
  if (data.status !== 'registered') return { ...data, discord_link: null };
  const { data: link } = await supabase.rpc('discord_link', { p_tournament_id: data.tournament_id }).throwOnError();
  return { ...data, discord_link: link ?? null };
}

/** Registers, then marks the card registered at once and reads the list again for the count. */
export function useRegisterTeam() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: registerTeam,
    onSuccess: (team) => {
      queryClient.setQueryData<TournamentWithMyTeam[]>(tournamentsKey(user?.id ?? null), (list) =>
        list?.map((t) =>
          t.id === team.tournament_id ? { ...t, my_team: [{ id: team.id }], discord_invite: team.discord_link } : t,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
    },
  });
}
