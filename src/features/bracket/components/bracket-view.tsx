// The bracket of a tournament, for its public page. The bracket code (views, dialog, forms) is a
// chunk of its own, loaded when this first renders, so pages pay for it only where it is shown.
import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

const Bracket = lazy(() => import('@/features/bracket/components/bracket').then((m) => ({ default: m.Bracket })));

export function BracketView({ tournamentId }: { tournamentId: string }) {
  return (
    <Suspense fallback={<Loader aria-label="Loading the bracket" />}>
      <Bracket tournamentId={tournamentId} />
    </Suspense>
  );
}
