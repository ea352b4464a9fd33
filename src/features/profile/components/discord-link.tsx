// The profile's Discord card: the linked Discord name with Unlink, or Link Discord. The only way into
// an account cannot be unlinked (Auth refuses it too).
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandDiscord } from '@tabler/icons-react';
import { useAuth } from '@/lib/auth';
import { useDiscordEnabled } from '@/lib/auth-settings';
import { errorMessage } from '@/lib/errors';
import { FormError } from '@/components/ui/form-error';
import { discordName, linkDiscord, useIdentities, useUnlinkDiscord } from '@/features/profile/api/discord-identity';

export function DiscordLink() {
  const { user } = useAuth();
  const enabled = useDiscordEnabled();
  const identities = useIdentities(user?.id);
  const unlink = useUnlinkDiscord(user?.id);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const discord = identities.data?.find((i) => i.provider === 'discord');
  if (!discord && !enabled) return null;

  return (
    <Card maw={560} mx="auto" w="100%" p={{ base: 'md', sm: 'xl' }} radius="lg" shadow="lg">
      <Stack gap="sm">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          Discord
        </Title>
        <FormError
          message={
            error ??
            (unlink.error ? errorMessage(unlink.error) : identities.error ? errorMessage(identities.error) : null)
          }
        />
        {discord ? (
          <Group justify="space-between" gap="sm">
            <Text>
              Linked to <strong>{discordName(discord)}</strong>
            </Text>
            {(identities.data?.length ?? 0) > 1 ? (
              <Button variant="default" loading={unlink.isPending} onClick={() => unlink.mutate(discord)}>
                Unlink Discord
              </Button>
            ) : (
              <Text c="dimmed" fz="sm">
                You sign in with Discord.
              </Text>
            )}
          </Group>
        ) : (
          <Group justify="space-between" gap="sm">
            <Text c="dimmed">Sign in with Discord too, and show your Discord name to organisers.</Text>
            <Button
              leftSection={<IconBrandDiscord size={18} aria-hidden />}
              loading={leaving}
              disabled={identities.isLoading}
              onClick={() => {
                setError(null);
                setLeaving(true);
                linkDiscord().catch((e: unknown) => {
                  setLeaving(false);
                  setError(errorMessage(e));
                });
              }}
            >
              Link Discord
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
