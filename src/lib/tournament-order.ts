// A tournament's phase at a moment, as public.phase() computes it (supabase/schemas/tournaments.sql),
// from the row's own times: a row that arrived over Realtime has no computed phase, and a page left
// open must move on when check-in opens without asking the server. And the order /home lists them in:
// what a player can still join first, then what is being played, then what is coming, then what is
// over (the latest first); by start time within each, and always the same for the same rows.
import type { Phase } from '@/lib/schedule';
import type { Tournament } from '@/lib/tournament';

const HOUR = 3_600_000;

type Times = Pick<
  Tournament,
  | 'starts_at'
  | 'checkin_opens_at'
  | 'checkin_closes_at'
  | 'registration_closes_at'
  | 'started_at'
  | 'completed_at'
  | 'cancelled_at'
>;

/** When check-in opens and closes and registration closes (the defaults: an hour before, the start). */
export function windowsOf(t: Times) {
  const start = t.starts_at ? Date.parse(t.starts_at) : null;
  const opens = t.checkin_opens_at ? Date.parse(t.checkin_opens_at) : start === null ? null : start - HOUR;
  const closes = t.checkin_closes_at ? Date.parse(t.checkin_closes_at) : start;
  const registrationCloses = t.registration_closes_at ? Date.parse(t.registration_closes_at) : opens;
  return { start, opens, closes, registrationCloses };
}

/** public.phase() at `now`. */
export function phaseAt(t: Times, now: number = Date.now()): Phase {
  if (t.cancelled_at) return 'cancelled';
  if (t.completed_at) return 'completed';
  const { start, opens, closes, registrationCloses } = windowsOf(t);
  if (t.started_at || (start !== null && now >= start)) return 'in_progress';
  if (opens !== null && closes !== null && now >= opens && now < closes) return 'check_in';
  if (registrationCloses !== null && now >= registrationCloses) return 'registration_closed';
  return 'registration_open';
}

const RANK: Record<Phase, number> = {
  registration_open: 0,
  check_in: 1,
  in_progress: 1,
  registration_closed: 2,
  completed: 3,
  cancelled: 4,
};

type Ordered = Times & Pick<Tournament, 'id' | 'created_at'>;

/** /home's order: open for registration, live, coming, finished (latest first), cancelled. */
export function homeOrder<T extends Ordered>(list: readonly T[], now: number = Date.now()): T[] {
  const keyed = list.map((t) => {
    const phase = phaseAt(t, now);
    const start = t.starts_at ? Date.parse(t.starts_at) : Infinity;
    return { t, rank: RANK[phase], start: phase === 'completed' || phase === 'cancelled' ? -start : start };
  });
  keyed.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.start - b.start ||
      a.t.created_at.localeCompare(b.t.created_at) ||
      a.t.id.localeCompare(b.t.id),
  );
  return keyed.map((k) => k.t);
}
