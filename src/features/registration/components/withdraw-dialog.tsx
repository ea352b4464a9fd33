// The confirmation before a captain withdraws their team: the slot goes to the next team in line.
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type Props = {
  opened: boolean;
  tournamentName: string;
  withdrawing: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

export function WithdrawDialog({ opened, tournamentName, withdrawing, error, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Withdraw your team?"
      message={`Your team will leave ${tournamentName} and its place goes to the next team in line.`}
      confirmLabel="Withdraw"
      busy={withdrawing}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
