// The confirmation before something that cannot be taken back (leaving a team, withdrawing it).
// Cancel has the focus: a reflexive Enter must not do it.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import '@mantine/core/styles/Modal.css';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** What went wrong the last time, shown in the dialog. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

export function ConfirmDialog({ opened, title, children, confirmLabel, busy, error, onCancel, onConfirm }: Props) {
  return (
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={onCancel} centered radius="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <FormError message={error} />
            <Text>{children}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
                Cancel
              </Button>
              <Button color="red.9" loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
