// The confirmation before a captain withdraws their team: the slot goes to the next team in line.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import '@mantine/core/styles/Modal.css';

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
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={onCancel} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Withdraw your team?</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>Your team will leave {tournamentName} and its place goes to the next team in line.</Text>
            <FormError message={error} />
            <Group justify="flex-end" gap="sm">
              {/* Cancel has the focus: a reflexive Enter must not give the place away. */}
              <Button variant="default" onClick={onCancel} disabled={withdrawing} data-autofocus>
                Cancel
              </Button>
              <Button color="red.9" loading={withdrawing} onClick={onConfirm}>
                Withdraw
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
