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

/** en-GB's short names, as Intl.DateTimeFormat('en-GB') writes them. */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

type Parts = { weekday: number; day: number; month: number; hour: number; minute: number };

function dateTime({ weekday, day, month, hour, minute }: Parts): string {
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month]}, ${pad(hour)}:${pad(minute)}`;
}

/**
 * "Sat 6 Dec, 19:00 IST": weekday, day, month, 24-hour time and the zone's short name. `timeZone`
 * defaults to the viewer's own; tests pass a fixed one. The zone's name comes from the viewer's
 * `locale` because that is where abbreviations live: en-IN knows Asia/Kolkata as "IST", en-US
 * only as "GMT+5:30".
 *
 * In the viewer's zone and in UTC the date and time are written from Date's own fields, not with
 * Intl: a page's first Intl formatter sets up the browser's ICU data, 15-30 ms on a fast desktop and
 * four times that on a mid-range phone, in one task that blocks the page (bench/lighthouse). The
 * viewer's zone name is remembered per browser (zoneName below), so a returning viewer's pages
 * format without Intl at all.
 */
export function formatTime(at: string | Date, timeZone?: string, locale?: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  if (timeZone === 'UTC') {
    return `${dateTime({
      weekday: date.getUTCDay(),
      day: date.getUTCDate(),
      month: date.getUTCMonth(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    })} UTC`;
  }
  if (timeZone === undefined) {
    const local = dateTime({
      weekday: date.getDay(),
      day: date.getDate(),
      month: date.getMonth(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    });
    return `${local} ${zoneName(date, locale)}`.trimEnd();
  }
  const { zoneName: names, numeric } = formatters(timeZone, locale);
  const parts = numeric.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const fields = { day: part('day'), month: part('month') - 1, hour: part('hour'), minute: part('minute') };
  // The weekday of that calendar day, whatever the zone.
  const weekday = new Date(Date.UTC(part('year'), fields.month, fields.day)).getUTCDay();
  const zone = names.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
  return `${dateTime({ weekday, ...fields })} ${zone ?? ''}`.trimEnd();
}

/** The formatters of another zone than the viewer's, made once per zone and locale (making one costs far more than using it). */
const cache = new Map<string, { zoneName: Intl.DateTimeFormat; numeric: Intl.DateTimeFormat }>();
function formatters(timeZone: string | undefined, locale: string | undefined) {
  const key = `${timeZone ?? ''}|${locale ?? ''}`;
  let made = cache.get(key);
  if (!made) {
    made = {
      zoneName: new Intl.DateTimeFormat(locale, { timeZoneName: 'short', timeZone }),
      numeric: new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
        timeZone,
      }),
    };
    cache.set(key, made);
  }
  return made;
}

/** Where a browser keeps the names of the viewer's zone it has looked up, so the next page needs no Intl. */
export const ZONE_NAMES_KEY = 'brawlcup.zone-names';
/** A traveller's browser sees a few zones; past this many names the remembered list starts again. */
const MAX_ZONE_NAMES = 16;
let zoneNames: Record<string, string> | undefined;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Storage refused (privacy settings).
  }
}

/**
 * The viewer's zone's short name at `date` ("IST", "CEST", "GMT+5:30"), in `locale`. Date describes
 * the viewer's zone at a date without Intl ("GMT+0200 (Central European Summer Time)": offset and
 * name, which change with the zone and with summer time), so that description and the locale key the
 * names Intl gave before, kept in localStorage.
 */
function zoneName(date: Date, locale: string | undefined): string {
  const described = /GMT[+-]\d{4}.*$/.exec(date.toString())?.[0] ?? '';
  const key = `${locale ?? ''}|${described}`;
  if (!zoneNames) {
    try {
      const saved: unknown = JSON.parse(storage()?.getItem(ZONE_NAMES_KEY) ?? '{}');
      zoneNames = saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, string>) : {};
    } catch {
      zoneNames = {};
    }
  }
  const known = zoneNames[key];
  if (typeof known === 'string') return known;
  // A new formatter, not a kept one: a formatter keeps the zone it was made in, and the viewer's may
  // have changed since (a traveller's laptop), which is also why the description is in the key.
  const name =
    new Intl.DateTimeFormat(locale, { timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (Object.keys(zoneNames).length >= MAX_ZONE_NAMES) zoneNames = {};
  zoneNames[key] = name;
  try {
    storage()?.setItem(ZONE_NAMES_KEY, JSON.stringify(zoneNames));
  } catch {
    // Full or refused: the name is still kept for this page.
  }
  return name;
}

const UNITS: [unit: 'day' | 'hour' | 'minute', ms: number, suffix: string][] = [
  ['day', 86_400_000, 'd'],
  ['hour', 3_600_000, 'h'],
  ['minute', 60_000, 'm'],
];

/**
 * What Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' }) writes, without Intl
 * (formatTime says why): "in 2h", "5m ago", "tomorrow", "this minute".
 */
function relative(value: number, unit: 'day' | 'hour' | 'minute', suffix: string): string {
  if (unit === 'day' && Math.abs(value) <= 1) return value < 0 ? 'yesterday' : value > 0 ? 'tomorrow' : 'today';
  if (value === 0) return `this ${unit}`;
  const amount = `${String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${suffix}`;
  return value > 0 ? `in ${amount}` : `${amount} ago`;
}

/** "in 2h" / "5m ago": the largest unit between `now` and `at`, rounded (2d 23h 59m is "in 3d"). */
export function formatRelative(at: string | Date, now: Date = new Date()): string {
  const ms = new Date(at).getTime() - now.getTime();
  for (const [unit, size, suffix] of UNITS) {
    if (Math.abs(ms) >= size) return relative(Math.round(ms / size), unit, suffix);
  }
  return relative(0, 'minute', 'm');
}

/** "starts in 2h" or "started 5m ago". */
export function startsIn(startsAt: string | Date, now: Date = new Date()): string {
  const when = formatRelative(startsAt, now);
  return new Date(startsAt).getTime() > now.getTime() ? `starts ${when}` : `started ${when}`;
}
