// /home's order and a tournament's phase by the clock: open for registration first, then live,
// coming, finished; the same order whatever order the rows came in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { homeOrder, phaseAt } from './tournament-order';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const base = {
  starts_at: null as string | null,
  checkin_opens_at: null,
  checkin_closes_at: null,
  registration_closes_at: null,
  started_at: null as string | null,
  completed_at: null as string | null,
  cancelled_at: null as string | null,
  created_at: '2026-01-01T00:00:00Z',
};

describe('phaseAt', () => {
  it('follows public.phase(): registration, check-in in the hour before the start, then under way', () => {
    expect(phaseAt({ ...base, starts_at: at(120) }, NOW)).toBe('registration_open');
    expect(phaseAt({ ...base, starts_at: at(30) }, NOW)).toBe('check_in');
    expect(phaseAt({ ...base, starts_at: at(-1) }, NOW)).toBe('in_progress');
    expect(phaseAt({ ...base, starts_at: at(30), started_at: at(-5) }, NOW)).toBe('in_progress');
    expect(phaseAt({ ...base, completed_at: at(-5) }, NOW)).toBe('completed');
    expect(phaseAt({ ...base }, NOW)).toBe('registration_open');
  });
});

describe('homeOrder', () => {
  const rows = [
    { ...base, id: 'done', starts_at: at(-600), started_at: at(-600), completed_at: at(-60) },
    { ...base, id: 'live', starts_at: at(-30), started_at: at(-30) },
    { ...base, id: 'later', starts_at: at(3_000) },
    { ...base, id: 'tba' },
    { ...base, id: 'sooner', starts_at: at(300) },
    { ...base, id: 'soon-closed', starts_at: at(90), registration_closes_at: at(-10) },
  ];

  it('puts open tournaments first by start, then live, then coming, then finished', () => {
    expect(homeOrder(rows, NOW).map((t) => t.id)).toEqual(['sooner', 'later', 'tba', 'live', 'soon-closed', 'done']);
  });

  it('gives the same order whatever order the rows arrive in', () => {
    const expected = homeOrder(rows, NOW).map((t) => t.id);
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length }), (shuffled) => {
        expect(homeOrder(shuffled, NOW).map((t) => t.id)).toEqual(expected);
      }),
    );
  });
});
