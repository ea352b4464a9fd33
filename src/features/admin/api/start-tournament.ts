// Starting a tournament: the seeding the administrator chose (random, check-in order or manual seeds
// set with set_seed), the first-round pairings it will make (the same arithmetic as
// public.start_tournament), and the start itself. Random seeding is drawn here so the preview is what
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

/** A random order (Fisher-Yates). */
export function drawOrder<T>(teams: T[], random: () => number = Math.random): T[] {
  const out = [...teams];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** private.seeding_order: seeds in bracket order for a power-of-two bracket (1, 8, 4, 5, 2, 7, 3, 6). */
export function seedingOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) order = order.flatMap((seed) => [seed, order.length * 2 + 1 - seed]);
  return order;
}

export type Pairing<T> = { position: number; team1: T; team2: T | null };

/** The first round start_tournament makes from teams in seed order (null: a bye). */
export function firstRound<T>(seeded: T[], format: string): Pairing<T>[] {
  const count = seeded.length;
  if (count < 2) return [];
  if (format === 'round_robin') {
    // Circle method, round 1: the first team against the last, and inwards; the odd one out rests.
    const ring: (T | null)[] = count % 2 === 1 ? [...seeded, null] : [...seeded];
    const pairs: Pairing<T>[] = [];
    for (let i = 0; i < ring.length / 2; i++) {
      const a = ring[i];
      const b = ring[ring.length - 1 - i];
      if (a && b) pairs.push({ position: pairs.length + 1, team1: a, team2: b });
    }
    return pairs;
  }
  let size = 1;
  while (size < count) size *= 2;
  const order = seedingOrder(size);
  return Array.from({ length: size / 2 }, (_, i) => ({
    position: i + 1,
    team1: seeded[order[2 * i]! - 1]!,
    team2: order[2 * i + 1]! <= count ? seeded[order[2 * i + 1]! - 1]! : null,
  }));
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

/**
 * Round robin's groups as start_tournament makes them from teams in seed order: as many groups of at
 * least `groupSize` as fit, the seeds snaking across them (1, 2, 3, 3, 2, 1 ...) for a fair share each.
 */
export function groupsOf<T>(seeded: T[], groupSize: number | null): T[][] {
  const count = groupSize === null ? 1 : Math.max(1, Math.floor(seeded.length / groupSize));
  const groups: T[][] = Array.from({ length: count }, () => []);
  seeded.forEach((team, i) => {
    const lap = Math.floor(i / count);
    groups[lap % 2 === 0 ? i % count : count - 1 - (i % count)]!.push(team);
  });
  return groups;
}

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
