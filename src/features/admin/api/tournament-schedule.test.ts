// The schedule rules the admin form checks before the database does, with the trigger's words.
import { describe, expect, it } from 'vitest';
import { tournamentFormSchema, type TournamentFormInput } from './create-tournament';
import { SCHEDULE_MESSAGES, scheduleIssues, type Schedule } from './tournament-schedule';
import { editTournamentSchema } from './update-tournament';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
const none: Schedule = {
  starts_at: null,
  registration_closes_at: null,
  checkin_opens_at: null,
  checkin_closes_at: null,
};
const messages = (s: Partial<Schedule>, previousStart?: string | null) =>
  scheduleIssues({ ...none, ...s }, previousStart, NOW).map((i) => `${i.field}: ${i.message}`);

describe('scheduleIssues', () => {
  it('accepts no schedule, a start alone (the defaults are in order), and explicit times in order', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ starts_at: at(5) })).toEqual([]);
    expect(
      messages({ starts_at: at(5), registration_closes_at: at(2), checkin_opens_at: at(3), checkin_closes_at: at(4) }),
    ).toEqual([]);
  });

  it('needs a start before the other times', () => {
    expect(messages({ checkin_opens_at: at(3) })).toEqual([`starts_at: ${SCHEDULE_MESSAGES.needsStart}`]);
  });

  it('needs a future start, unless an edit leaves it as it was', () => {
    expect(messages({ starts_at: at(-1) })).toEqual([`starts_at: ${SCHEDULE_MESSAGES.startInFuture}`]);
    expect(messages({ starts_at: at(-1) }, at(-1))).toEqual([]);
    expect(messages({ starts_at: at(-1) }, at(-2))).toEqual([`starts_at: ${SCHEDULE_MESSAGES.startInFuture}`]);
  });

  it('checks the order against the defaults as the database fills them in', () => {
    // Check-in opens by default 60 minutes before the start: closing 2 hours before is too early.
    expect(messages({ starts_at: at(5), checkin_closes_at: at(3) })).toEqual([
      `checkin_opens_at: ${SCHEDULE_MESSAGES.checkInOrder}`,
    ]);
    expect(messages({ starts_at: at(5), checkin_closes_at: at(6) })).toEqual([
      `checkin_closes_at: ${SCHEDULE_MESSAGES.checkInByStart}`,
    ]);
    // Registration may not stay open after check-in has closed.
    expect(messages({ starts_at: at(5), registration_closes_at: at(4.75), checkin_closes_at: at(4.5) })).toEqual([
      `registration_closes_at: ${SCHEDULE_MESSAGES.registrationByCheckIn}`,
    ]);
    // Equal times: check-in must open strictly before it closes, the rest may meet.
    expect(messages({ starts_at: at(5), checkin_opens_at: at(5) })).toEqual([
      `checkin_opens_at: ${SCHEDULE_MESSAGES.checkInOrder}`,
    ]);
    expect(messages({ starts_at: at(5), checkin_opens_at: at(4), registration_closes_at: at(5) })).toEqual([]);
  });
});

describe('the form schemas', () => {
  const valid: TournamentFormInput = {
    name: 'Schedule Cup',
    description: 'Times.',
    thumbnail_url: '/banners/brawlcup.svg',
    slots: 8,
    discord_link: 'https://discord.gg/schedule',
    type: '2v2',
  };
  const start = new Date(Date.now() + 86_400_000);
  const picker = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(
      d.getHours(),
    ).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:00`;

  it("turns the picker's local times into instants and empty texts into nothing", () => {
    const parsed = tournamentFormSchema.parse({
      ...valid,
      starts_at: picker(start),
      prize: '  Rs500 + Brawl Pass ',
      rules: '   ',
      format: 'round_robin',
      best_of: '3',
    });
    expect(parsed).toMatchObject({
      starts_at: new Date(picker(start).replace(' ', 'T')).toISOString(),
      checkin_opens_at: null,
      prize: 'Rs500 + Brawl Pass',
      rules: null,
      format: 'round_robin',
      best_of: 3,
    });
  });

  it("refuses the prize and rules the table's constraints refuse", () => {
    const issues = (input: Partial<TournamentFormInput>) => {
      const r = tournamentFormSchema.safeParse({ ...valid, ...input });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ prize: 'x'.repeat(121) })).toEqual(['Prize must be 120 characters or fewer.']);
    expect(issues({ prize: 'Rs\u200b500' })).toEqual(['Prize cannot contain invisible characters.']);
    expect(issues({ rules: 'r'.repeat(5001) })).toEqual(['Rules must be 5000 characters or fewer.']);
    expect(issues({ best_of: '2' as '1' })).toEqual(['Choose best of 1, 3 or 5.']);
  });

  it('lets an edit keep a start that has passed', () => {
    const past = new Date(Date.now() - 3_600_000);
    const current = { type: '2v2' as const, registered_teams: 0, starts_at: past.toISOString() };
    const { name: _name, ...fields } = valid;
    const kept = editTournamentSchema(current).safeParse({ ...fields, starts_at: picker(past) });
    expect(kept.success).toBe(true);
    const moved = editTournamentSchema(current).safeParse({
      ...fields,
      starts_at: picker(new Date(past.getTime() - 3_600_000)),
    });
    expect(moved.success ? [] : moved.error.issues.map((i) => i.message)).toEqual([SCHEDULE_MESSAGES.startInFuture]);
  });
});
