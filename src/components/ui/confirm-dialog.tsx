// A confirmation before an action that cannot be taken back (confirm-dialog-modal.tsx). The dialog
// and Mantine's Modal are fetched the first time one opens, not with the screen: most visits open
// none. Once fetched, a dialog stays rendered, so it closes with its transition like any modal.
import { lazy, Suspense } from 'react';
import { loadChunk } from '@/lib/chunk';
import type { ConfirmDialogProps } from '@/components/ui/confirm-dialog-modal';

/** Whether the modal's code has arrived (then a closed dialog costs nothing to render). */
let fetched = false;

const Modal = lazy(() =>
  loadChunk(() => import('@/components/ui/confirm-dialog-modal')).then((m) => {
    fetched = true;
    return { default: m.ConfirmDialog };
  }),
);

export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.opened && !fetched) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
