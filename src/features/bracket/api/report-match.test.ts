// The report form's rules are the database's (private.score_games), message for message.
import { describe, expect, it } from 'vitest';
import { GAME_WINNER_REQUIRED, REPORT_A_GAME } from '@/lib/best-of';
import { reportMatchSchema } from '@/features/bracket/api/report-match';

function check(bestOf: number, winners: string[]): string | null {
  const result = reportMatchSchema(bestOf).safeParse({ games: winners.map((winner) => ({ winner })) });
  return result.success ? null : result.error.issues[0]!.message;
}

describe('reportMatchSchema', () => {
  it.each([
    [1, ['1']],
    [1, ['2']],
    [3, ['1', '1']],
    [3, ['2', '1', '2']],
    [5, ['1', '2', '1', '2', '2']],
    [5, ['1', '1', '1']],
  ])('accepts a best of %i won %j', (bestOf, winners) => {
    expect(check(bestOf, winners)).toBeNull();
  });

  it.each([
    [1, ['1', '2'], 'A best of 1 ends when a team wins 1 games.'],
    [3, ['1', '1', '1'], 'A best of 3 ends when a team wins 2 games.'],
    [3, ['1', '1', '2'], 'A best of 3 ends when a team wins 2 games.'],
    [3, ['1'], 'A best of 3 ends when a team wins 2 games.'],
    [5, ['1', '2', '1', '2'], 'A best of 5 ends when a team wins 3 games.'],
    [3, ['1', ''], GAME_WINNER_REQUIRED],
    [3, [], REPORT_A_GAME],
  ])('refuses a best of %i won %j', (bestOf, winners, message) => {
    expect(check(bestOf, winners)).toBe(message);
  });
});
