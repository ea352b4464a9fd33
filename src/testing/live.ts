// Waiting for a live view instead of sleeping: the view marks its root with useRealtime's status
// (data-live), and changes made after "joined" are delivered to it.
import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';

export async function waitForLive(status: 'joined' | 'error' = 'joined'): Promise<void> {
  await waitFor(() => expect(document.querySelector(`[data-live="${status}"]`)).toBeInTheDocument());
}
