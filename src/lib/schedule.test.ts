import { describe, expect, it } from 'vitest';
import { formatRelative, formatTime, phaseLabel, startsIn } from '@/lib/schedule';

const at = '2026-12-06T13:30:00Z';

describe('formatTime', () => {
  it('shows the time in the given zone with its abbreviation', () => {
    expect(formatTime(at, 'Asia/Kolkata', 'en-IN')).toBe('Sun 6 Dec, 19:00 IST');
    expect(formatTime(at, 'Asia/Kolkata', 'en-US')).toBe('Sun 6 Dec, 19:00 GMT+5:30');
    expect(formatTime(at, 'UTC', 'en-GB')).toBe('Sun 6 Dec, 13:30 UTC');
    expect(formatTime('2026-07-06T13:30:00Z', 'America/New_York', 'en-US')).toBe('Mon 6 Jul, 09:30 EDT');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-12-06T11:30:00Z');
  it('uses the largest whole unit, ahead or behind', () => {
    expect(formatRelative(at, now)).toBe('in 2h');
    expect(formatRelative('2026-12-06T11:25:00Z', now)).toBe('5m ago');
    expect(formatRelative('2026-12-09T11:30:00Z', now)).toBe('in 3d');
    expect(formatRelative(now, now)).toBe('this minute');
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
