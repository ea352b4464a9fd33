// /home: every tournament as a live registration card, plus the home page's ad slot.
import { Stack } from '@mantine/core';
import { AdSlot } from '@/components/ui/ad-slot';
import { TournamentList } from '@/features/tournaments/components/tournament-list';

export default function HomeRoute() {
  return (
    <Stack gap="xl">
      <TournamentList />
      <AdSlot />
    </Stack>
  );
}
