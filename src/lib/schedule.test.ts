import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { formatRelative, formatTime, phaseLabel, startsIn, ZONE_NAMES_KEY } from '@/lib/schedule';

const at = '2026-12-06T13:30:00Z';

describe('formatTime', () => {
  it('shows the time in the given zone with its abbreviation', () => {
    expect(formatTime(at, 'Asia/Kolkata', 'en-IN')).toBe('Sun 6 Dec, 19:00 IST');
    expect(formatTime(at, 'Asia/Kolkata', 'en-US')).toBe('Sun 6 Dec, 19:00 GMT+5:30');
    expect(formatTime(at, 'UTC', 'en-GB')).toBe('Sun 6 Dec, 13:30 UTC');
    expect(formatTime('2026-07-06T13:30:00Z', 'America/New_York', 'en-US')).toBe('Mon 6 Jul, 09:30 EDT');
    expect(formatTime('2026-09-06T01:05:00Z', 'UTC')).toBe('Sun 6 Sept, 01:05 UTC');
  });

  it('refuses an invalid time, as Intl does', () => {
    expect(() => formatTime('not a date')).toThrow(RangeError);
    expect(() => formatTime('not a date', 'UTC')).toThrow(RangeError);
  });

  // The viewer's zone and UTC are written without Intl: they must read exactly as Intl writes them.
  const instants = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true });

  it.each(['Asia/Kolkata', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'UTC'])(
    "writes the viewer's zone (%s) and UTC as Intl does, for any instant",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone; // Node follows a changed TZ at once: the viewer's zone for Date's own fields.
      try {
        fc.assert(
          fc.property(instants, fc.constantFrom(undefined, 'en-US', 'en-IN', 'en-GB'), (date, locale) => {
            expect(formatTime(date, undefined, locale)).toBe(formatTime(date, zone, locale));
            expect(formatTime(date, 'UTC', locale)).toBe(formatTime(date, 'Etc/UTC', 'en-GB'));
          }),
        );
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );
});

describe("the viewer's zone name", () => {
  beforeEach(() => localStorage.clear());

  it('is looked up once and then read from what this browser remembers', async () => {
    const at = new Date('2026-12-06T13:30:00Z');
    const first = (await freshSchedule()).formatTime(at, undefined, 'en-IN');
    const remembered = JSON.parse(localStorage.getItem(ZONE_NAMES_KEY) ?? '{}') as Record<string, string>;
    const key = Object.keys(remembered).find((k) => k.startsWith('en-IN|'));
    expect(key).toMatch(/^en-IN\|GMT[+-]\d{4}/);
    expect(first).toBe(formatTime(at, viewerZoneOf(), 'en-IN'));
    expect(first.endsWith(` ${remembered[key!]}`)).toBe(true);

    // Another page of the same browser: no Intl formatter is made for the viewer's zone.
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect((await freshSchedule()).formatTime(at, undefined, 'en-IN')).toBe(first);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('is looked up again for another locale, and survives storage that holds rubbish', async () => {
    localStorage.setItem(ZONE_NAMES_KEY, '[not json');
    const at = new Date('2026-07-06T13:30:00Z');
    expect((await freshSchedule()).formatTime(at, undefined, 'en-US')).toBe(formatTime(at, viewerZoneOf(), 'en-US'));
    expect(Object.keys(JSON.parse(localStorage.getItem(ZONE_NAMES_KEY)!) as object)).toEqual([
      expect.stringMatching(/^en-US\|/),
    ]);
  });
});

/** The module as a new page loads it (its own memory empty). */
let pages = 0;
function freshSchedule(): Promise<typeof import('@/lib/schedule')> {
  return import(/* @vite-ignore */ `/src/lib/schedule.ts?page=${++pages}`);
}

function viewerZoneOf(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

describe('formatRelative', () => {
  const now = new Date('2026-12-06T11:30:00Z');
  it('uses the largest whole unit, ahead or behind', () => {
    expect(formatRelative(at, now)).toBe('in 2h');
    expect(formatRelative('2026-12-06T11:25:00Z', now)).toBe('5m ago');
    expect(formatRelative('2026-12-09T11:30:00Z', now)).toBe('in 3d');
    expect(formatRelative(now, now)).toBe('this minute');
  });
  it('reads as Intl.RelativeTimeFormat writes it, for any distance', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'narrow' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['day', 86_400_000],
      ['hour', 3_600_000],
      ['minute', 60_000],
    ];
    fc.assert(
      fc.property(fc.integer({ min: -5e11, max: 5e11 }), (ms) => {
        const [unit, size] = units.find(([, size]) => Math.abs(ms) >= size) ?? ['minute', Infinity];
        const expected = intl.format(size === Infinity ? 0 : Math.round(ms / size), unit);
        expect(formatRelative(new Date(now.getTime() + ms), now)).toBe(expected);
      }),
    );
  });
  it('says starts or started', () => {
    expect(startsIn(at, now)).toBe('starts in 2h');
    expect(startsIn('2026-12-06T11:25:00Z', now)).toBe('started 5m ago');
  });
});

describe('phaseLabel', () => {
  it('names each phase and passes an unknown one through', () => {
    expect(phaseLabel('check_in')).toBe('Check-in open');
    expect(phaseLabel('cancelled')).toBe('Cancelled');
    expect(phaseLabel('later')).toBe('later');
  });
});
