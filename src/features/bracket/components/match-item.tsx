// One match in a round: both teams with their scores and its state, as a button that opens the match.
// Its accessible name is the whole match in one sentence ("Team A 2, Team B 1, done"), from its text.
import { Fragment } from 'react';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { matchSummary, teamName } from '@/features/bracket/components/bracket-layout';
import classes from '@/features/bracket/components/bracket.module.css';

type Props = { match: Match; teams: Map<string, BracketTeam>; onOpen: (match: Match) => void };

export function MatchItem({ match, teams, onOpen }: Props) {
  const done = match.state === 'done';
  const rows = [
    { id: match.team1_id, score: match.team1_score },
    { id: match.team2_id, score: match.team2_score },
  ];
  const scored = match.team1_score !== null && match.team2_score !== null;
  // The button's name is its own text, read as one sentence: the separators between the parts are
  // out of sight but read ("Team A 2, Team B 1, done"; "Team A vs Team B, ready"; "Team A, bye").
  const state = matchSummary(match, teams).split(', ').at(-1);
  return (
    <button type="button" className={classes.match} aria-haspopup="dialog" onClick={() => onOpen(match)}>
      {rows.map((row, i) => {
        const bye = match.is_bye && i === 1;
        return (
          <Fragment key={i}>
            {i === 1 && <span className={classes.between}>{bye || scored ? ', ' : ' vs '}</span>}
            <span
              className={classes.row}
              data-winner={done && row.id !== null && row.id === match.winner_id}
              data-empty={!row.id}
            >
              <span className={classes.name}>{bye ? 'bye' : teamName(teams, row.id)}</span>
              {row.score !== null && scored && <span> {row.score}</span>}
            </span>
          </Fragment>
        );
      })}
      {!match.is_bye && (
        <>
          <span className={classes.between}>, </span>
          <span className={classes.state}>{state}</span>
        </>
      )}
    </button>
  );
}
