// The bracket of a tournament, for its public page. The bracket code (views, dialog, forms) is a
// chunk of its own, loaded when this first renders, so pages pay for it only where it is shown. A
// page the server rendered shows the loader there until it has hydrated: the server does not wait
// for the chunk, and a boundary it left unfinished would be rendered afresh, with an error logged.
import { lazy, Suspense } from 'react';

import { useHydrated } from '@/lib/use-hydrated';
import { LoadingSpinner } from '@/components/ui/loading-screen';

const Bracket = lazy(() => import('@/features/bracket/components/bracket').then((m) => ({ default: m.Bracket })));

export function BracketView({ tournamentId }: { tournamentId: string }) {
  const loader = <LoadingSpinner label="Loading the bracket" />;
  if (!useHydrated()) return loader;
  return (
    <Suspense fallback={loader}>
      <Bracket tournamentId={tournamentId} />
    </Suspense>
  );
}
