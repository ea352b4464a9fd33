// Starting a tournament: the seeding the administrator chose (random, check-in order or manual seeds
// set with set_seed), the teams it takes (the first round they make is lib/bracket-preview.ts), and
// the start itself. Random seeding is drawn in the dialog so the preview is what
// starts: the draw is saved as seeds and the tournament starts with manual seeding. Double elimination
// may leave out the grand final's bracket reset; round robin may play in groups.
import { z } from '@/lib/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { allTournamentsKey } from '@/lib/tournament-keys';
import type { Team } from './get-teams';
import { adminKeys } from './query-keys';
import { groupsForRoundRobin } from '@/lib/database-errors';

export const SEEDINGS = ['random', 'checkin', 'manual'] as const;
export type Seeding = (typeof SEEDINGS)[number];
export const SEEDING_LABELS: Record<Seeding, string> = {
  random: 'Random',
  checkin: 'Check-in order',
  manual: 'Manual',
};

/** The teams that play: registered and checked in, as start_tournament takes them. */
export function playingTeams(teams: Team[]): Team[] {
  return teams.filter((t) => t.status === 'registered' && t.checked_in_at !== null);
}

const byRegistration = (a: Team, b: Team) => a.registered_at.localeCompare(b.registered_at) || a.id.localeCompare(b.id);

/** The seed order start_tournament uses for check-in order and manual seeds (1 first). */
export function seededOrder(teams: Team[], seeding: Exclude<Seeding, 'random'>): Team[] {
  const playing = playingTeams(teams);
  if (seeding === 'checkin') {
    return [...playing].sort((a, b) => a.checked_in_at!.localeCompare(b.checked_in_at!) || byRegistration(a, b));
  }
  return [...playing].sort(
    (a, b) => (a.seed ?? Number.MAX_SAFE_INTEGER) - (b.seed ?? Number.MAX_SAFE_INTEGER) || byRegistration(a, b),
  );
}

/** Saves a seed order (1 first) with set_seed, one team at a time. */
export async function saveSeeds(order: Pick<Team, 'id' | 'seed'>[]): Promise<void> {
  for (const [i, team] of order.entries()) {
    if (team.seed === i + 1) continue;
    await supabase.rpc('set_seed', { p_team_id: team.id, p_seed: i + 1 }).throwOnError();
  }
}

export const GROUP_SIZE_MESSAGE = groupsForRoundRobin.message;

/** How the start dialog starts a tournament (start_tournament refuses a reset left out of another format). */
export const startTournamentSchema = z.object({
  seeding: z.enum(SEEDINGS),
  /** Double elimination: if the losers bracket's winner takes the grand final, a second final decides. */
  grandFinalReset: z.boolean(),
  /** Round robin: teams per group (teams left over join the groups); null plays one group. */
  groupSize: z.number().int().min(2, GROUP_SIZE_MESSAGE).nullable(),
});

export type StartTournamentInput = z.infer<typeof startTournamentSchema>;

export async function startTournament({
  tournamentId,
  input,
  drawn,
}: {
  tournamentId: string;
  input: StartTournamentInput;
  /** The random draw the preview showed, saved as seeds first. */
  drawn?: Pick<Team, 'id' | 'seed'>[];
}): Promise<void> {
  const { seeding, grandFinalReset, groupSize } = startTournamentSchema.parse(input);
  if (seeding === 'random' && drawn) await saveSeeds(drawn);
  await supabase
    .rpc('start_tournament', {
      p_tournament_id: tournamentId,
      p_seeding: seeding === 'random' && drawn ? 'manual' : seeding,
      p_grand_final_reset: grandFinalReset,
      ...(groupSize !== null && { p_group_size: groupSize }),
    })
    .throwOnError();
}

export function useStartTournament(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTournament,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: allTournamentsKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.teams(tournamentId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.matches(tournamentId) });
    },
  });
}

/** Manual seeding: saves the new order after a team moved up or down. */
export function useSaveSeeds(tournamentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeeds,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.teams(tournamentId) }),
  });
}

/** Settles the close of check-in (no-shows replaced from the waitlist) so the preview shows who plays. */
export async function settleCheckIn(tournamentId: string): Promise<void> {
  await supabase.rpc('settle_check_in', { p_tournament_id: tournamentId }).throwOnError();
}
