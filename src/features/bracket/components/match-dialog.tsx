// A match opened from the bracket: both teams with their players' in-game names, the round, the
// best-of and each game's mode and map as the administrator set them, the state and the reported
// games, and for the tournament's players the Discord invite where the two sides meet. For one of the
// match's two captains it is also where the result is reported, then confirmed or disputed by the
// other captain.
import { Modal } from '@mantine/core';
import type { BracketTeam, Match } from '@/features/bracket/api/get-bracket';
import { teamName } from '@/features/bracket/components/bracket-layout';
import { MatchDetails } from '@/features/bracket/components/match-details';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';

type Props = {
  match: Match | null;
  roundLabel: string;
  tournamentId: string;
  teams: Map<string, BracketTeam>;
  myTeamId: string | null;
  onClose: () => void;
};

export function MatchDialog({ match, roundLabel, tournamentId, teams, myTeamId, onClose }: Props) {
  const a = match ? teamName(teams, match.team1_id) : '';
  const b = match ? (match.is_bye ? 'bye' : teamName(teams, match.team2_id)) : '';
  return (
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={match !== null} onClose={onClose} size="lg" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{`${a} vs ${b}`}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {match && (
            <MatchDetails
              key={match.id}
              match={match}
              roundLabel={roundLabel}
              tournamentId={tournamentId}
              teams={teams}
              myTeamId={myTeamId}
            />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
