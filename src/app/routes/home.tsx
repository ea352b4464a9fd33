// /home: every tournament as a live registration card (the registration feature's foot on each), plus
// the home page's ad slot.
import { Stack } from '@mantine/core';
import type { Prefetch } from '@/app/router';
import { tournamentsQuery } from '@/lib/get-tournaments';
import { AdSlot } from '@/components/ui/ad-slot';
import { TournamentList } from '@/features/tournaments/components/tournament-list';
import { CardRegistration } from '@/features/registration/components/card-registration';

/** The server renders the grid as a visitor reads it; the player's own marks follow in the browser. */
export const prefetch: Prefetch = (queryClient) => queryClient.prefetchQuery(tournamentsQuery(null));

export default function HomeRoute() {
  return (
    <Stack gap="xl">
      <TournamentList registration={CardRegistration} />
      <AdSlot />
    </Stack>
  );
}
