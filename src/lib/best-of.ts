// A match's best-of, once for the app: how many games win it, the score of the games reported, and
// the first thing wrong with a report, in the order and words of the database's check
// (private.score_games). The captains' report form and the administrator's result dialog both use it.
import { bestOfScore, gamesRequired, gameWinnerRequired } from '@/lib/database-errors';
import { ruleMessage } from '@/lib/errors';

/** Which team won a game: team 1 or team 2. */
export type GameWinner = 1 | 2;

export const REPORT_A_GAME = gamesRequired.message;
export const GAME_WINNER_REQUIRED = gameWinnerRequired.message;

/** Games a team needs to win a best of `bestOf`. */
export const gamesToWin = (bestOf: number) => Math.floor(bestOf / 2) + 1;

export const bestOfMessage = (bestOf: number) => ruleMessage(bestOfScore, bestOf, gamesToWin(bestOf));

/** A game's winner as a form holds it (a radio's '1' or '2', or a number); null for anything else. */
export function gameWinner(value: unknown): GameWinner | null {
  return value === 1 || value === '1' ? 1 : value === 2 || value === '2' ? 2 : null;
}

/** The games' score, team 1 then team 2; games without a winner count for neither. */
export function scoreOf(winners: readonly unknown[]): [number, number] {
  const named = winners.map(gameWinner);
  return [named.filter((w) => w === 1).length, named.filter((w) => w === 2).length];
}

/**
 * What the database would refuse first in these games, or null when they decide the match exactly
 * at the last one: no game at all; a game played after a team had won (`game`: its index); a game
 * without a winner (`game`: its index); or games that stop before a team has won.
 */
export type GamesIssue =
  | { kind: 'no-games' }
  | { kind: 'after-the-end'; game: number }
  | { kind: 'no-winner'; game: number }
  | { kind: 'undecided' };

export function gamesIssue(bestOf: number, winners: readonly unknown[]): GamesIssue | null {
  if (winners.length === 0) return { kind: 'no-games' };
  const needed = gamesToWin(bestOf);
  const score = [0, 0];
  for (const [game, value] of winners.entries()) {
    if (Math.max(score[0]!, score[1]!) >= needed) return { kind: 'after-the-end', game };
    const winner = gameWinner(value);
    if (winner === null) return { kind: 'no-winner', game };
    score[winner - 1]! += 1;
  }
  return Math.max(score[0]!, score[1]!) < needed ? { kind: 'undecided' } : null;
}

/** The issue in the database's words. */
export function gamesIssueMessage(bestOf: number, issue: GamesIssue): string {
  if (issue.kind === 'no-games') return REPORT_A_GAME;
  if (issue.kind === 'no-winner') return GAME_WINNER_REQUIRED;
  return bestOfMessage(bestOf);
}
