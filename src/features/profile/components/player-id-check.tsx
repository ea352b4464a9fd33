// Below the profile: the player ID's verified mark, or the way to earn it (and to claim an ID
// another account put on its profile): set a named profile icon in the game for a few minutes, then
// check. Where the site has no Brawl Stars API key, it says player IDs are unverified.
import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/errors';
import type { Profile } from '@/features/profile/api/get-profile';
import { useCheckPlayerId, usePlayerIdVerification, type PlayerIdCheck } from '@/features/profile/api/verify-player-id';

export function PlayerIdCheckCard({ profile, userId }: { profile: Profile; userId: string }) {
  const verification = usePlayerIdVerification();
  const check = useCheckPlayerId(userId);
  const [playerId, setPlayerId] = useState(profile.game_id ?? '');
  const [pending, setPending] = useState<Extract<PlayerIdCheck, { status: 'pending' }> | null>(null);
  const verified = profile.game_id !== null && profile.game_id_verified_at !== null;

  return (
    <Card
      maw={560}
      mx="auto"
      w="100%"
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      shadow="lg"
      aria-label="Player ID check"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Player ID
        </Title>
        {verified ? (
          <Group gap="xs">
            <Badge color="green" leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}>
              Verified
            </Badge>
            <Text size="sm">{profile.game_id} is yours: you proved it in the game.</Text>
          </Group>
        ) : verification.data?.enabled === false ? (
          <Text size="sm" c="dimmed">
            Player IDs are not verified on this site: anyone can enter any ID.
          </Text>
        ) : verification.data?.enabled ? (
          <>
            <Text size="sm">
              Prove the ID is yours (or take back one another account put on its profile): set the profile icon we name
              in Brawl Stars, then check.
            </Text>
            <FormError message={check.error ? errorMessage(check.error) : null} />
            {pending ? (
              <>
                <Text size="sm" role="status">
                  {`Set your profile icon to ${pending.icon.name} for ${pending.player_id} (${pending.in_game_name}) in the game within 10 minutes, then press Check.`}
                </Text>
                <Group justify="flex-end">
                  <Button
                    loading={check.isPending}
                    onClick={() =>
                      check.mutate(undefined, { onSuccess: (r) => r.status === 'verified' && setPending(null) })
                    }
                  >
                    Check
                  </Button>
                </Group>
              </>
            ) : (
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label="Player ID to verify"
                  value={playerId}
                  onChange={(e) => setPlayerId(e.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                <Button
                  loading={check.isPending}
                  disabled={!playerId.trim()}
                  onClick={() =>
                    check.mutate(playerId.trim(), { onSuccess: (r) => r.status === 'pending' && setPending(r) })
                  }
                >
                  Verify
                </Button>
              </Group>
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
