// /profile
import { Stack } from '@mantine/core';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { DiscordLink } from '@/features/profile/components/discord-link';

export default function ProfileRoute() {
  return (
    <Stack gap="lg">
      <ProfileCard />
      <DiscordLink />
    </Stack>
  );
}
