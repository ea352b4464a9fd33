// /home: every tournament as a live registration card, plus the home page's ad slot.
import { Stack } from '@mantine/core';
import type { Prefetch } from '@/app/router';
import { tournamentsQuery } from '@/lib/get-tournaments';
import { AdSlot } from '@/components/ui/ad-slot';
import { TournamentList } from '@/features/tournaments/components/tournament-list';

/** The server renders the grid as a visitor reads it; the player's own marks follow in the browser. */
export const prefetch: Prefetch = (queryClient) => queryClient.prefetchQuery(tournamentsQuery(null));

export default function HomeRoute() {
  return (
    <Stack gap="xl">
      <TournamentList />
      <AdSlot />
    </Stack>
  );
}
