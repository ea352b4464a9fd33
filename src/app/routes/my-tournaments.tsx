// /my-tournaments, with the offer of push notifications (its own chunk, fetched after the list).
// The offer comes after the list: arriving with its chunk a moment after the list, above it, it
// moved the cards down under a player's tap ("Confirm result" opened nothing).
import { lazy, Suspense } from 'react';
import { Stack } from '@mantine/core';
import { MyTournamentsList } from '@/features/registration/components/my-tournaments-list';
import { loadChunk } from '@/lib/chunk';

const PushOffer = lazy(() =>
  loadChunk(() => import('@/features/notifications/components/push-offer')).then((m) => ({ default: m.PushOffer })),
);

export default function MyTournamentsRoute() {
  return (
    <Stack gap="lg">
      <MyTournamentsList />
      <Suspense fallback={null}>
        <PushOffer compact />
      </Suspense>
    </Stack>
  );
}
