// A confirmation before an action that cannot be taken back (confirm-dialog-modal.tsx). The dialog
// and Mantine's Modal are fetched the first time it opens, not with the screen: most visits open
// none. Once opened it stays rendered, so it closes with its transition like any modal.
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '@/lib/chunk';
import type { ConfirmDialogProps } from '@/components/ui/confirm-dialog-modal';

const Modal = lazy(() =>
  loadChunk(() => import('@/components/ui/confirm-dialog-modal')).then((m) => ({ default: m.ConfirmDialog })),
);

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
