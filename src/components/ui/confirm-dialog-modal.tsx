// A confirmation before an action that cannot be taken back (withdraw or leave a team, remove a team,
// cancel a tournament, reset a bracket or later results). Cancel has the focus, so a reflexive Enter
// changes nothing; a refusal from the server shows inside the dialog. Screens use it through
// confirm-dialog.tsx, which fetches it (and Mantine's Modal) the first time one opens.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormError } from '@/components/ui/form-error';
import '@mantine/core/styles/Modal.css';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  color?: string;
  /** Mantine's modal size: 'lg' for dialogs that hold a form or a list. */
  size?: string;
  children?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
};

export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  error = null,
  color = 'red.9',
  size,
  children,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    // Built from its parts for a <div> header: Modal's own <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={() => !busy && onCancel()} centered radius="lg" size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            {typeof message === 'string' ? <Text>{message}</Text> : message}
            {children}
            <FormError message={error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
                {cancelLabel}
              </Button>
              <Button color={color} loading={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
