// The registration schema on its own: the database's normalisation and its messages, word for word.
import { describe, expect, it } from 'vitest';
import { normalizePlayerId, registerTeamSchema } from './register-team';

function messages(result: ReturnType<ReturnType<typeof registerTeamSchema>['safeParse']>) {
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('registerTeamSchema', () => {
  it('normalises player IDs like the database: trim, upper case, leading #', () => {
    expect(normalizePlayerId('  abc123xyz ')).toBe('#ABC123XYZ');
    expect(normalizePlayerId('#abc123xyz')).toBe('#ABC123XYZ');
    expect(normalizePlayerId('')).toBe('');
    const parsed = registerTeamSchema('1v1').parse({
      teamName: 'ignored',
      players: [{ playerId: ' 2pq8lry0v', inGameName: ' Nova ' }],
    });
    expect(parsed.players[0]).toEqual({ playerId: '#2PQ8LRY0V', inGameName: 'Nova' });
  });

  it("reports every rule with the database's messages", () => {
    const result = registerTeamSchema('3v3').safeParse({
      teamName: '  ',
      players: [
        { playerId: 'abc123xyz', inGameName: '' },
        { playerId: '#ABC123XYZ', inGameName: 'B' },
        { playerId: '#ABC12', inGameName: 'x'.repeat(31) },
      ],
    });
    expect(messages(result)).toEqual([
      'teamName: Team name is required.',
      'players.2.playerId: Invalid player ID format. Must be 9 characters with optional #.',
      'players.0.inGameName: In-game name is required for player 1.',
      'players.1.playerId: Player ID #ABC123XYZ is entered more than once.',
      'players.2.inGameName: In-game name for player 3 must be 30 characters or fewer.',
    ]);
  });

  it('needs exactly the team size of the type, and a team name only beyond 1v1', () => {
    const one = { playerId: '#2PQ8LRY0V', inGameName: 'A' };
    expect(messages(registerTeamSchema('2v2').safeParse({ teamName: 'Duo', players: [one] }))).toEqual([
      'players: A 2v2 team needs exactly 2 players.',
    ]);
    expect(
      messages(
        registerTeamSchema('1v1').safeParse({ teamName: '', players: [one, { ...one, playerId: '#9GJ2UCQ8L' }] }),
      ),
    ).toEqual(['players: A 1v1 registration needs exactly 1 player.']);
    expect(registerTeamSchema('1v1').safeParse({ teamName: '', players: [one] }).success).toBe(true);
    expect(
      messages(
        registerTeamSchema('2v2').safeParse({
          teamName: 'x'.repeat(41),
          players: [one, { ...one, playerId: '#9GJ2UCQ8L' }],
        }),
      ),
    ).toEqual(['teamName: Team name must be 40 characters or fewer.']);
  });
});

describe('registerTeamSchema: invisible and Unicode white space', () => {
  const players = (a: string, b = 'B') => [
    { playerId: '#2PQ8LRY0V', inGameName: a },
    { playerId: '#2PQ8LRY0W', inGameName: b },
  ];

  it('trims every Unicode white space, as the database does', () => {
    expect(messages(registerTeamSchema('2v2').safeParse({ teamName: '\u00a0', players: players('A') }))).toEqual([
      'teamName: Team name is required.',
    ]);
    expect(
      messages(registerTeamSchema('2v2').safeParse({ teamName: 'Duo', players: players('\u3000\u2003') })),
    ).toEqual(['players.0.inGameName: In-game name is required for player 1.']);
    const parsed = registerTeamSchema('2v2').parse({
      teamName: '\u00a0Les Étoiles 🌟\u3000',
      players: players('\u2003Zoé\u00a0'),
    });
    expect(parsed.teamName).toBe('Les Étoiles 🌟');
    expect(parsed.players[0]?.inGameName).toBe('Zoé');
  });

  it("refuses control and format characters with the database's messages", () => {
    expect(messages(registerTeamSchema('2v2').safeParse({ teamName: '\u200b', players: players('A') }))).toEqual([
      'teamName: Team name cannot contain invisible characters.',
    ]);
    expect(
      messages(
        registerTeamSchema('2v2').safeParse({ teamName: 'Good\u202eevil', players: players('A', '\u202e\u200b') }),
      ),
    ).toEqual([
      'teamName: Team name cannot contain invisible characters.',
      'players.1.inGameName: In-game name for player 2 cannot contain invisible characters.',
    ]);
    for (const bad of ['Bo\ufeffb', 'A\u{e0041}', 'Two\nLines', 'x\u2066y', 'soft\u00adhyphen']) {
      expect(
        messages(
          registerTeamSchema('1v1').safeParse({ teamName: '', players: [{ playerId: '#2PQ8LRY0V', inGameName: bad }] }),
        ),
      ).toEqual(['players.0.inGameName: In-game name for player 1 cannot contain invisible characters.']);
    }
  });

  it('counts lengths in characters, as the database does: an emoji is one', () => {
    const star = '🌟';
    expect(
      messages(registerTeamSchema('2v2').safeParse({ teamName: star.repeat(40), players: players(star.repeat(30)) })),
    ).toEqual([]);
    expect(
      messages(registerTeamSchema('2v2').safeParse({ teamName: star.repeat(41), players: players(star.repeat(31)) })),
    ).toEqual([
      'teamName: Team name must be 40 characters or fewer.',
      'players.0.inGameName: In-game name for player 1 must be 30 characters or fewer.',
    ]);
  });

  it("follows the organiser's rule: the seed's 9 characters by default, or the game's real tags", () => {
    const solo = (playerId: string) => ({ teamName: '', players: [{ playerId, inGameName: 'Me' }] });
    expect(messages(registerTeamSchema('1v1').safeParse(solo('#2PPY')))).toEqual([
      'players.0.playerId: Invalid player ID format. Must be 9 characters with optional #.',
    ]);
    expect(messages(registerTeamSchema('1v1', 'brawl_stars').safeParse(solo(' 2ppy ')))).toEqual([]);
    expect(messages(registerTeamSchema('1v1', 'brawl_stars').safeParse(solo('#ABC123XYZ')))).toEqual([
      'players.0.playerId: Invalid player ID: a Brawl Stars tag is # and 3 to 14 of 0289PYLQGRJCUV.',
    ]);
  });
});
