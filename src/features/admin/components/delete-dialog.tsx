// The confirmation before a tournament and all its teams are deleted. Its own chunk: the modal's code
// is not needed for the grid's first paint.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Tournament } from '@/lib/tournament';
import { DELETE_CONFIRM_MESSAGE } from '../api/delete-tournament';
import '@mantine/core/styles/Modal.css';

type Props = {
  /** The tournament to delete; the dialog is closed without one. */
  tournament: Tournament | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

export function DeleteDialog({ tournament, deleting, onCancel, onConfirm }: Props) {
  return (
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={tournament !== null} onClose={onCancel} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Delete tournament</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text>{DELETE_CONFIRM_MESSAGE}</Text>
            {tournament && (
              <Text size="sm" c="dimmed">
                {tournament.name} and all its teams will be removed.
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              {/* Cancel has the focus: a reflexive Enter must not delete a tournament and its teams. */}
              <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
                Cancel
              </Button>
              <Button color="red.9" loading={deleting} onClick={onConfirm}>
                Delete
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
