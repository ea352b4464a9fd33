// A status message by what it says: a screen may hold other statuses meanwhile (a labelled spinner
// while a dialog refetches its match), so the first status found is not always the message.
import { expect } from 'vitest';
import { waitFor, type screen } from '@testing-library/react';

export function findStatus(scope: Pick<typeof screen, 'getAllByRole'>, text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = scope.getAllByRole('status').find((s) => s.textContent?.includes(text));
    expect(found, `a status saying "${text}"`).toBeDefined();
    return found!;
  });
}
