// One match in a round: both teams with their scores and its state, as a button that opens the match.
// Its accessible name is the whole match in one sentence ("Team A 2, Team B 1, done").
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { matchSummary, STATE_LABELS, teamName } from '@/features/bracket/components/bracket-layout';
import classes from '@/features/bracket/components/bracket.module.css';

type Props = { match: Match; teams: Map<string, BracketTeam>; onOpen: (match: Match) => void };

export function MatchItem({ match, teams, onOpen }: Props) {
  const done = match.state === 'done';
  const rows = [
    { id: match.team1_id, score: match.team1_score },
    { id: match.team2_id, score: match.team2_score },
  ];
  return (
    <button
      type="button"
      className={classes.match}
      aria-label={matchSummary(match, teams)}
      aria-haspopup="dialog"
      onClick={() => onOpen(match)}
    >
      {rows.map((row, i) => {
        const bye = match.is_bye && i === 1;
        return (
          <span
            key={i}
            className={classes.row}
            data-winner={done && row.id !== null && row.id === match.winner_id}
            data-empty={!row.id}
          >
            <span className={classes.name}>{bye ? 'bye' : teamName(teams, row.id)}</span>
            {row.score !== null && <span>{row.score}</span>}
          </span>
        );
      })}
      {!match.is_bye && <span className={classes.state}>{STATE_LABELS[match.state] ?? match.state}</span>}
    </button>
  );
}
