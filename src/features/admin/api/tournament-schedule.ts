// A tournament's schedule as the admin form edits it: the picker's local times become instants, the
// unset times take the database's defaults (check-in opens 60 minutes before the start and closes at
// it, registration closes when check-in opens), and the order is checked with the trigger's words
// (private.check_tournament_schedule), so the form says what the database would.
import dayjs from 'dayjs';
import type { z } from 'zod';
import {
  checkinClosesAfterStart,
  checkinOpensAfterClose,
  registrationClosesAfterCheckin,
  scheduleNeedsStart,
  startInPast,
} from '@/lib/database-errors';
import { toAppError } from '@/lib/errors';

export const SCHEDULE_MESSAGES = {
  needsStart: scheduleNeedsStart.message,
  startInFuture: startInPast.message,
  checkInOrder: checkinOpensAfterClose.message,
  checkInByStart: checkinClosesAfterStart.message,
  registrationByCheckIn: registrationClosesAfterCheckin.message,
} as const;

export const SCHEDULE_FIELDS = [
  'starts_at',
  'registration_closes_at',
  'checkin_opens_at',
  'checkin_closes_at',
] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];
export type Schedule = Record<ScheduleField, string | null>;

/** The field each database refusal of the schedule belongs to (by its code), so the form shows it there. */
const SCHEDULE_RULE_FIELD: Record<string, ScheduleField> = {
  [scheduleNeedsStart.code]: 'starts_at',
  [startInPast.code]: 'starts_at',
  [checkinOpensAfterClose.code]: 'checkin_closes_at',
  [checkinClosesAfterStart.code]: 'checkin_closes_at',
  [registrationClosesAfterCheckin.code]: 'registration_closes_at',
};

/** The schedule field a refusal is about, or undefined when it is not about the schedule. */
export function scheduleFieldOf(error: unknown): ScheduleField | undefined {
  const { code } = toAppError(error);
  return code ? SCHEDULE_RULE_FIELD[code] : undefined;
}

const CHECKIN_BEFORE_START_MS = 60 * 60_000;

/** The picker's value ("YYYY-MM-DD HH:mm:ss" in the viewer's zone) as an instant; null when unset. */
export function pickerToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** An instant as the picker's value, in the viewer's zone. */
export function isoToPicker(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : null;
}

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/** The times that apply, defaults filled in as public.checkin_opens/closes and registration_closes do. */
export function effectiveSchedule(s: Schedule) {
  const start = ms(s.starts_at);
  if (start === null) return null;
  const checkinOpens = ms(s.checkin_opens_at) ?? start - CHECKIN_BEFORE_START_MS;
  const checkinCloses = ms(s.checkin_closes_at) ?? start;
  const registrationCloses = ms(s.registration_closes_at) ?? checkinOpens;
  return { start, checkinOpens, checkinCloses, registrationCloses };
}

/**
 * The first rule the trigger would refuse, on its field (the trigger names one; a default that moves
 * with another time would otherwise be blamed twice). `previousStart` is the saved start when editing:
 * an unchanged start may already have passed (the trigger checks the start only when it changes).
 */
export function scheduleIssues(
  s: Schedule,
  previousStart: string | null | undefined,
  now: number = Date.now(),
): { field: ScheduleField; message: string }[] {
  const t = effectiveSchedule(s);
  if (!t) {
    return SCHEDULE_FIELDS.some((f) => f !== 'starts_at' && s[f] !== null)
      ? [{ field: 'starts_at', message: SCHEDULE_MESSAGES.needsStart }]
      : [];
  }
  const issues: { field: ScheduleField; message: string }[] = [];
  // The picker keeps minutes: a start within the saved one's minute is the saved one.
  const minute = (v: number | null) => (v === null ? null : Math.floor(v / 60_000));
  const changed = previousStart === undefined || minute(ms(previousStart ?? null)) !== minute(t.start);
  if (changed && t.start <= now) issues.push({ field: 'starts_at', message: SCHEDULE_MESSAGES.startInFuture });
  if (t.checkinOpens >= t.checkinCloses)
    issues.push({ field: 'checkin_opens_at', message: SCHEDULE_MESSAGES.checkInOrder });
  if (t.checkinCloses > t.start) issues.push({ field: 'checkin_closes_at', message: SCHEDULE_MESSAGES.checkInByStart });
  if (t.registrationCloses > t.checkinCloses)
    issues.push({ field: 'registration_closes_at', message: SCHEDULE_MESSAGES.registrationByCheckIn });
  return issues.slice(0, 1);
}

/** A zod superRefine for an object schema whose output carries the schedule. */
export function checkSchedule(previousStart?: string | null) {
  return (value: Schedule, ctx: z.RefinementCtx) => {
    for (const issue of scheduleIssues(value, previousStart)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    }
  };
}
