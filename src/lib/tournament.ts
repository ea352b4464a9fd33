// A tournament as the app reads it from public.tournaments: the generated row type, and one check
// for the player's list and the admin grid of rows that arrive over Realtime (by hand, not with zod:
// both screens' first download would carry zod for these few lines).
import type { Tables } from '@/types/database';

export const TOURNAMENT_TYPES = ['1v1', '2v2', '3v3'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

/**
 * Any UUID-shaped id (Postgres accepts every variant, as zod's guid does); anything else is not a
 * tournament. A pattern, not a zod schema: zod is 24 KB gzip a screen would otherwise load first.
 */
const TOURNAMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTournamentId = (id: string) => TOURNAMENT_ID.test(id);

/** Whether a row has what a tournament card needs: its id, name, type and a whole number of slots. */
export function isTournamentRow(row: unknown): boolean {
  if (!row || typeof row !== 'object') return false;
  const r = row as Record<string, unknown>;
  const slots = typeof r.slots === 'string' && r.slots.trim() !== '' ? Number(r.slots) : r.slots;
  return (
    typeof r.id === 'string' &&
    typeof r.name === 'string' &&
    Number.isInteger(slots) &&
    (TOURNAMENT_TYPES as readonly unknown[]).includes(r.type) &&
    (r.created_at === undefined || r.created_at === null || typeof r.created_at === 'string')
  );
}

/**
 * The generated row; `type` is narrowed by the table's check constraint. `discord_link` reads null for
 * everyone (the invite is write-only there); `discord_invite`, a computed field, has it for the
 * tournament's registered players and administrators when a query selects it.
 */
export type Tournament = Tables<'tournaments'> & { type: TournamentType; discord_invite?: string | null };

/**
 * Whether check-in has closed by `now`, by the tournament row's computed `checkin_closes` (what the
 * database says: its own time, or the start). A tournament without a start has no close yet.
 */
export function checkInClosed(t: { checkin_closes: string | null }, now: number = Date.now()): boolean {
  return t.checkin_closes !== null && now >= Date.parse(t.checkin_closes);
}

/** The phases after which no one may change a team (private.roster_closed). */
const ROSTER_FIXED_PHASES = ['in_progress', 'completed', 'cancelled'];

/** Whether the teams are fixed: check-in has closed, or the tournament started, ended or was cancelled. */
export function rosterClosed(t: { phase: string; checkin_closes: string | null }, now: number = Date.now()): boolean {
  return ROSTER_FIXED_PHASES.includes(t.phase) || checkInClosed(t, now);
}

/** How full the tournament is: registered teams of its slots, slots left, and the percentage taken. */
export function tournamentProgress(t: Pick<Tournament, 'slots' | 'registered_teams'>) {
  const teams = Math.max(0, t.registered_teams);
  const slots = Math.max(0, t.slots);
  const slotsLeft = Math.max(0, slots - teams);
  const percent = slots > 0 ? Math.min(100, Math.round((teams / slots) * 100)) : 100;
  return { teams, slots, slotsLeft, percent, full: slotsLeft === 0 };
}
