// A tournament's schedule as the viewer reads it: times in the viewer's own time zone with its
// abbreviation, how long until then, and the phase in words. Formatting lives here so every screen
// says "Sat 6 Dec, 19:00 IST" and "starts in 2 h" the same way.

export const PHASES = [
  'registration_open',
  'registration_closed',
  'check_in',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type Phase = (typeof PHASES)[number];

const PHASE_LABELS: Record<Phase, string> = {
  registration_open: 'Registration open',
  registration_closed: 'Registration closed',
  check_in: 'Check-in open',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The phase in words; an unknown value (a newer server) reads as itself rather than crashing. */
export function phaseLabel(phase: string): string {
  return PHASE_LABELS[phase as Phase] ?? phase;
}

/**
 * "Sat 6 Dec, 19:00 IST": weekday, day, month, 24-hour time and the zone's short name. `timeZone`
 * defaults to the viewer's own; tests pass a fixed one. The zone's name comes from the viewer's
 * `locale` because that is where abbreviations live: en-IN knows Asia/Kolkata as "IST", en-US
 * only as "GMT+5:30".
 */
export function formatTime(at: string | Date, timeZone?: string, locale?: string): string {
  const { zoneName, dateTime } = formatters(timeZone, locale);
  const date = new Date(at);
  const zone = zoneName.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  const parts = dateTime.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')} ${zone ?? ''}`.trimEnd();
}

/**
 * formatTime's two formatters, made once per zone and locale: making an Intl.DateTimeFormat costs far
 * more than formatting with one, and a screen of tournament cards formats dozens of times as it starts.
 */
const cache = new Map<string, { zoneName: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();
function formatters(timeZone: string | undefined, locale: string | undefined) {
  const key = `${timeZone ?? ''}|${locale ?? ''}`;
  let made = cache.get(key);
  if (!made) {
    made = {
      zoneName: new Intl.DateTimeFormat(locale, { timeZoneName: 'short', timeZone }),
      dateTime: new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
    };
    cache.set(key, made);
  }
  return made;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' });

/** "in 2h" / "5m ago": the largest unit between `now` and `at`, rounded (2d 23h 59m is "in 3d"). */
export function formatRelative(at: string | Date, now: Date = new Date()): string {
  const ms = new Date(at).getTime() - now.getTime();
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return relative.format(Math.round(ms / size), unit);
  }
  return relative.format(0, 'minute');
}

/** "starts in 2h" or "started 5m ago". */
export function startsIn(startsAt: string | Date, now: Date = new Date()): string {
  const when = formatRelative(startsAt, now);
  return new Date(startsAt).getTime() > now.getTime() ? `starts ${when}` : `started ${when}`;
}
