// The red box a screen shows its error in (one per form).
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormError({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title} icon={<IconAlertCircle size={18} aria-hidden />}>
      {message}
    </Alert>
  );
}
