// What the bracket property tests and bench/brackets count of a played-out bracket: rematches in
// double elimination's losers bracket.

/** A match as the property tests and the benchmark read it. */
export interface Match {
  bracket: string;
  group_number: number;
  round: number;
  position: number;
  team1_id: string | null;
  team2_id: string | null;
  winner_id: string | null;
  is_bye: boolean;
}

/**
 * Double elimination: losers-bracket matches in which a team that just dropped meets a team it
 * played in the winners bracket (a rematch at once), and losers-bracket matches between any two
 * teams that met in the winners bracket (rematches in all).
 */
export function rematches(matches: Match[]): { atOnce: number; all: number } {
  const key = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
  const met = new Set(
    matches
      .filter((m) => m.bracket === 'winners' && m.team1_id && m.team2_id)
      .map((m) => key(m.team1_id!, m.team2_id!)),
  );
  const again = matches.filter(
    (m) => m.bracket === 'losers' && !m.is_bye && m.team1_id && m.team2_id && met.has(key(m.team1_id, m.team2_id)),
  );
  return { atOnce: again.filter((m) => m.round === 1 || m.round % 2 === 0).length, all: again.length };
}
