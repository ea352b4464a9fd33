import { describe, expect, it } from 'vitest';
import { modesFor, roundSettingsSchema } from '@/lib/round-settings';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('round settings (the rules of set_round_settings)', () => {
  it('accepts a best of 1, 3 or 5 with up to that many games, blanks as not set and names trimmed', () => {
    const parsed = roundSettingsSchema('2v2').parse({
      bestOf: 3,
      maps: [
        { mode: 'Gem Grab', map: '  Hard Rock Mine ' },
        { mode: '', map: '' },
      ],
    });
    expect(parsed.maps).toEqual([
      { mode: 'Gem Grab', map: 'Hard Rock Mine' },
      { mode: null, map: null },
    ]);
  });

  it('refuses what the database refuses, in its words', () => {
    expect(messages(roundSettingsSchema('1v1').safeParse({ bestOf: 2, maps: [] }))).toEqual([
      'A match is a best of 1, 3 or 5.',
    ]);
    expect(messages(roundSettingsSchema('1v1').safeParse({ bestOf: 1, maps: [{}, {}] }))).toContain(
      'A best of 1 has at most 1 games: remove the extra maps.',
    );
    expect(messages(roundSettingsSchema('3v3').safeParse({ bestOf: 1, maps: [{ mode: 'Duels', map: null }] }))).toEqual(
      ['Duels is a 1v1 mode: choose another mode for a 3v3 tournament.'],
    );
    expect(
      messages(roundSettingsSchema('1v1').safeParse({ bestOf: 1, maps: [{ mode: 'Showdown', map: null }] })),
    ).toEqual(['The mode is one of Gem Grab, Brawl Ball, Heist, Bounty, Knockout, Hot Zone or Duels.']);
    expect(
      messages(roundSettingsSchema('1v1').safeParse({ bestOf: 1, maps: [{ mode: null, map: 'x'.repeat(51) }] })),
    ).toEqual(['A map name has at most 50 characters, without invisible ones.']);
    expect(
      messages(roundSettingsSchema('1v1').safeParse({ bestOf: 1, maps: [{ mode: null, map: 'Ring\u200bof Fire' }] })),
    ).toEqual(['A map name has at most 50 characters, without invisible ones.']);
  });

  it('offers Duels in 1v1 only', () => {
    expect(modesFor('1v1')).toContain('Duels');
    expect(modesFor('2v2')).not.toContain('Duels');
    expect(modesFor('3v3')).toHaveLength(6);
  });
});
