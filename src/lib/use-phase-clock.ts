// A tournament page's phase as it moves with the clock: the server's phase is right when it is read,
// and a page left open must turn to check-in the moment the window opens (and out of it when it
// closes), not at the next read a minute later. The page re-renders at each boundary of the schedule,
// and asks the server again then (`onBoundary`), which stays the authority.
import { useEffect, useState } from 'react';
import type { Phase } from '@/lib/schedule';
import { useHydrated } from '@/lib/use-hydrated';

/** The schedule's effective times, as the page's row carries them (computed fields). */
export type ScheduleTimes = {
  phase: string;
  starts_at: string | null;
  checkin_opens: string | null;
  checkin_closes: string | null;
  registration_closes: string | null;
};

/** The phases that only the clock moves between; the others (started, over, cancelled) are the server's word. */
const TIMED: readonly string[] = ['registration_open', 'registration_closed', 'check_in'];

const at = (s: string | null) => (s ? Date.parse(s) : null);

const ORDER = [...TIMED, 'in_progress'];

/**
 * public.phase() at `now` for a tournament the administrator has not started, completed or cancelled;
 * never behind the phase the server said (a browser clock a little slow must not undo it).
 */
export function timedPhase(t: ScheduleTimes, now: number): string {
  if (!TIMED.includes(t.phase)) return t.phase;
  const local = clockPhase(t, now);
  return ORDER.indexOf(local) >= ORDER.indexOf(t.phase) ? local : t.phase;
}

function clockPhase(t: ScheduleTimes, now: number): string {
  const [start, opens, closes, registrationCloses] = [
    t.starts_at,
    t.checkin_opens,
    t.checkin_closes,
    t.registration_closes,
  ].map(at);
  if (start !== null && now >= start) return 'in_progress' satisfies Phase;
  if (opens !== null && closes !== null && now >= opens && now < closes) return 'check_in' satisfies Phase;
  if (registrationCloses !== null && now >= registrationCloses) return 'registration_closed' satisfies Phase;
  return 'registration_open' satisfies Phase;
}

/** The next moment after `now` at which the phase may change, or null. */
function nextBoundary(t: ScheduleTimes, now: number): number | null {
  if (!TIMED.includes(t.phase)) return null;
  const times = [t.starts_at, t.checkin_opens, t.checkin_closes, t.registration_closes]
    .map(at)
    .filter((x): x is number => x !== null && x > now);
  return times.length ? Math.min(...times) : null;
}

/** The longest a browser timer may wait (about 24.8 days); a later boundary is waited for in steps. */
const MAX_WAIT = 2 ** 31 - 1;

/** `readAt`: when the row was read (the query's dataUpdatedAt). */
export function usePhaseClock(t: ScheduleTimes | null, readAt: number, onBoundary: () => void): string | null {
  // A page the server rendered keeps the server's phase until it has hydrated (the same markup).
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const moment = Math.max(now, readAt);
  const next = t ? nextBoundary(t, moment) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        if (Date.now() >= next) onBoundary();
      },
      Math.min(MAX_WAIT, Math.max(0, next - Date.now()) + 50),
    );
    return () => clearTimeout(timer);
  }, [next, onBoundary]);
  if (!t) return null;
  return hydrated ? timedPhase(t, moment) : t.phase;
}
