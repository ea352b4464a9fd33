// The best-of rules by property, over every odd best-of up to 9 and any games: a report is accepted
// exactly when it ends the match at its last game, and every refusal is the database's first.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bestOfMessage,
  GAME_WINNER_REQUIRED,
  gamesIssue,
  gamesIssueMessage,
  gamesToWin,
  gameWinner,
  REPORT_A_GAME,
  scoreOf,
  type GameWinner,
} from '@/lib/best-of';

const bestOf = fc.integer({ min: 0, max: 4 }).map((n) => 2 * n + 1);
const winner = fc.constantFrom<GameWinner>(1, 2);
/** A game as a form may hold it: a winner, or nothing chosen yet. */
const anyGame = fc.constantFrom<unknown>(1, 2, '1', '2', '', null, 0, 3);

/** A finished match: games until one team has won, in any order. */
const finished = bestOf.chain((b) =>
  fc.array(winner, { minLength: b * 2, maxLength: b * 2 }).map((pool) => {
    const games: GameWinner[] = [];
    for (const w of pool) {
      const [one, two] = scoreOf(games);
      if (Math.max(one, two) >= gamesToWin(b)) break;
      games.push(w);
    }
    return { bestOf: b, games };
  }),
);

describe('best-of', () => {
  it('accepts a finished match: the winner has the games needed, the loser fewer, in at most bestOf games', () => {
    fc.assert(
      fc.property(finished, ({ bestOf: b, games }) => {
        expect(gamesIssue(b, games)).toBeNull();
        const [one, two] = scoreOf(games);
        expect(Math.max(one, two)).toBe(gamesToWin(b));
        expect(Math.min(one, two)).toBeLessThan(gamesToWin(b));
        expect(games.length).toBeLessThanOrEqual(b);
        expect(games.length).toBeGreaterThanOrEqual(gamesToWin(b));
      }),
    );
  });

  it('calls every shorter start of a finished match undecided', () => {
    fc.assert(
      fc.property(finished, fc.nat(), ({ bestOf: b, games }, cut) => {
        const start = games.slice(0, 1 + (cut % games.length));
        if (start.length === games.length) return;
        expect(gamesIssue(b, start)).toEqual({ kind: 'undecided' });
        expect(gamesIssueMessage(b, { kind: 'undecided' })).toBe(bestOfMessage(b));
      }),
    );
  });

  it('refuses any game after the end, at the first such game, whatever it holds', () => {
    fc.assert(
      fc.property(finished, fc.array(anyGame, { minLength: 1, maxLength: 4 }), ({ bestOf: b, games }, more) => {
        expect(gamesIssue(b, [...games, ...more])).toEqual({ kind: 'after-the-end', game: games.length });
      }),
    );
  });

  it('refuses a game without a winner before the end, at that game', () => {
    fc.assert(
      fc.property(
        finished,
        fc.nat(),
        fc.constantFrom<unknown>('', null, 0, 3, '12'),
        ({ bestOf: b, games }, at, bad) => {
          const index = at % games.length;
          const changed = [...games.slice(0, index), bad, ...games.slice(index + 1)];
          expect(gamesIssue(b, changed)).toEqual({ kind: 'no-winner', game: index });
          expect(gamesIssueMessage(b, { kind: 'no-winner', game: index })).toBe(GAME_WINNER_REQUIRED);
        },
      ),
    );
  });

  it('accepts exactly the reports that end the match at their last game, for any games at all', () => {
    fc.assert(
      fc.property(bestOf, fc.array(anyGame, { maxLength: 10 }), (b, games) => {
        const winners = games.map(gameWinner);
        const decidedAt = winners.findIndex((_, i) => Math.max(...scoreOf(winners.slice(0, i + 1))) >= gamesToWin(b));
        const valid = games.length > 0 && winners.every((w) => w !== null) && decidedAt === games.length - 1;
        expect(gamesIssue(b, games) === null).toBe(valid);
      }),
    );
  });

  it('refuses no games with its own message', () => {
    fc.assert(
      fc.property(bestOf, (b) => {
        expect(gamesIssue(b, [])).toEqual({ kind: 'no-games' });
        expect(gamesIssueMessage(b, { kind: 'no-games' })).toBe(REPORT_A_GAME);
      }),
    );
  });

  it('counts a score from the winners, radio values and numbers alike', () => {
    fc.assert(
      fc.property(fc.array(anyGame), (games) => {
        const [one, two] = scoreOf(games);
        expect(one).toBe(games.filter((g) => g === 1 || g === '1').length);
        expect(two).toBe(games.filter((g) => g === 2 || g === '2').length);
      }),
    );
  });

  it("says the database's words", () => {
    expect(bestOfMessage(3)).toBe('A best of 3 ends when a team wins 2 games.');
    expect(gamesToWin(1)).toBe(1);
    expect(gamesToWin(5)).toBe(3);
  });
});
