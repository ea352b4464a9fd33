// The result dialog's two ways to decide a match: the winner of each game, or the team awarded the
// match by forfeit or no-show and why.
import { NativeSelect, Stack } from '@mantine/core';
import { FORFEIT_REASONS, type ForfeitReason } from '../api/set-match-result';

type GameProps = { games: string[]; team1: string; team2: string; onChange: (games: string[]) => void };

export function GameWinnerFields({ games, team1, team2, onChange }: GameProps) {
  return (
    <Stack gap="xs">
      {games.map((g, i) => (
        <NativeSelect
          key={i}
          label={`Game ${i + 1} winner`}
          value={g}
          onChange={(e) => onChange(games.map((x, j) => (j === i ? e.currentTarget.value : x)))}
          data={[
            { value: '', label: 'Not played' },
            { value: '1', label: team1 },
            { value: '2', label: team2 },
          ]}
        />
      ))}
    </Stack>
  );
}

type ForfeitProps = {
  teams: { value: string; label: string }[];
  winner: string;
  reason: ForfeitReason;
  onWinner: (winner: string) => void;
  onReason: (reason: ForfeitReason) => void;
};

export function ForfeitFields({ teams, winner, reason, onWinner, onReason }: ForfeitProps) {
  return (
    <Stack gap="xs">
      <NativeSelect label="Winner" value={winner} onChange={(e) => onWinner(e.currentTarget.value)} data={teams} />
      <NativeSelect
        label="Reason"
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value as ForfeitReason)}
        data={FORFEIT_REASONS.map((r) => ({
          value: r,
          label: r === 'forfeit' ? 'The other team forfeited' : 'The other team did not show up',
        }))}
      />
    </Stack>
  );
}
