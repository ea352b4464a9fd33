// The notice of the administrator's last action (saved, deleted, cancelled, or why a delete failed),
// shown above whichever admin screen follows it until dismissed or replaced.
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

export type Notice = { tone: 'success' | 'error'; text: string } | null;

export function AdminNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  if (!notice) return null;
  const success = notice.tone === 'success';
  return (
    <Alert
      color={success ? 'green' : 'red'}
      variant="light"
      role={success ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={onClose}
      icon={success ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
    >
      {notice.text}
    </Alert>
  );
}
